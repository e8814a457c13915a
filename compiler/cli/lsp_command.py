"""`nus lsp`: the language server for editors, speaking LSP over standard input and output."""

from __future__ import annotations

import argparse

from compiler.cli.common import OK
from compiler.cli.project_files import needs


def register(commands) -> None:
    command = commands.add_parser("lsp", help="run the language server over stdio (for editors)")
    command.set_defaults(run=run)
    needs(command, "editor", "pygls", "lsprotocol")


def run(args: argparse.Namespace) -> int:
    from compiler.lsp.server import server  # pygls is needed only here

    server.start_io()
    return OK
