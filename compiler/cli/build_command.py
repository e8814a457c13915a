"""`nus build FILE -o DIR`: the main job, generated Python and the reference in one go."""

from __future__ import annotations

import argparse

from compiler.backends.docs import write_docs
from compiler.cli.common import ERRORS, OK, compile_file, file_command, output_directory, report, writing
from compiler.load import python_source


def register(commands) -> None:
    file_command(commands, "build", run, "compile a card file to Python and write its reference", True)


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    out = output_directory(args.output)
    target = out / "cards.py"
    writing(lambda: target.write_text(python_source(compiled.module, args.file), encoding="utf-8"), out)
    written = [target, *writing(lambda: write_docs(compiled.program, args.file, out, text), out)]
    print("\n".join(f"wrote {path}" for path in written))
    return OK
