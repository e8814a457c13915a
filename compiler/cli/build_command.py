"""`nus build FILE -o DIR`: the main job, generated Python and the reference in one go."""

from __future__ import annotations

import argparse

from compiler.cli.common import file_command
from compiler.cli.docs_command import write_outputs


def register(commands) -> None:
    file_command(commands, "build", run, "compile a card file to Python and write its reference", True)


def run(args: argparse.Namespace) -> int:
    return write_outputs(args, with_python=True)
