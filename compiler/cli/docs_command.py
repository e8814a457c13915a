"""`nus docs FILE -o DIR`: only the reference. `nus build` writes the same with the generated Python."""

from __future__ import annotations

import argparse

from compiler import python_text
from compiler.backends.docs import reference_texts
from compiler.cli.common import (
    ERRORS,
    OK,
    compile_file,
    display_name,
    output_directory,
    report,
    shown_name,
    writing,
)
from compiler.cli.folder import write_folder
from compiler.cli.project_files import card_file_command
from compiler.diagnostics import printable


def register(commands) -> None:
    help = "write the card reference: cards.md, index.html, cards.json, cards.csv, language.md"
    card_file_command(commands, "docs", run, help, output=True)


def run(args: argparse.Namespace) -> int:
    return write_outputs(args, with_python=False)


def write_outputs(args: argparse.Namespace, with_python: bool) -> int:
    """Compile once and write every output into the folder together, all or nothing (compiler/cli/folder.py)."""
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    out = output_directory(args.output)
    modules = {"cards.py": compiled.module, "examples.py": compiled.examples} if with_python else {}
    python = {file: python_text(module, display_name(args.file)) for file, module in modules.items()}
    files = python | reference_texts(compiled.program, shown_name(args.file), text)
    written = writing(lambda: write_folder(out, files, [args.file]), out)
    print("\n".join(printable(f"wrote {path}") for path in written))
    return OK
