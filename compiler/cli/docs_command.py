"""`nus docs FILE -o DIR`: only the reference."""

from __future__ import annotations

import argparse

from compiler.backends.docs import write_docs
from compiler.cli.common import ERRORS, OK, compile_file, display_name, file_command, output_directory, report, writing
from compiler.diagnostics import printable


def register(commands) -> None:
    file_command(commands, "docs", run, "write the card reference: cards.md, index.html, cards.json", True)


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    out = output_directory(args.output)
    name = display_name(args.file)
    written = writing(lambda: write_docs(compiled.program, name, out, text, [args.file]), out)
    print("\n".join(printable(f"wrote {path}") for path in written))
    return OK
