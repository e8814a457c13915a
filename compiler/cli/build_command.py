"""`nus build FILE -o DIR`: the main job, generated Python and the reference in one go."""

from __future__ import annotations

import argparse

from compiler.cli.docs_command import write_outputs
from compiler.cli.project_files import card_file_command


def register(commands) -> None:
    card_file_command(commands, "build", run, "compile a card file to Python and write its reference", output=True)


def run(args: argparse.Namespace) -> int:
    return write_outputs(args, with_python=True)
