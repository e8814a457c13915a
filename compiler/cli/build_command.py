"""`nus build FILE -o DIR`: the main job, generated Python and the reference in one go."""

from __future__ import annotations

import argparse

from compiler.backends.docs import reference_texts
from compiler.cli.common import ERRORS, OK, compile_file, display_name, file_command, output_directory, report, writing
from compiler.diagnostics import printable
from compiler.load import python_source
from compiler.output import write_all


def register(commands) -> None:
    file_command(commands, "build", run, "compile a card file to Python and write its reference", True)


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    out = output_directory(args.output)
    name = display_name(args.file)
    files = {out / "cards.py": python_source(compiled.module, name)}
    files |= {out / file: content for file, content in reference_texts(compiled.program, name, text).items()}
    written = writing(lambda: write_all(files, [args.file]), out)
    print("\n".join(printable(f"wrote {path}") for path in written))
    return OK
