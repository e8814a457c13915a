"""`nus lsp`: the language server for editors, speaking LSP over standard input and output.

Started in a project (a nus.toml in its folder or above), it reads the project's rules as every command does, so the
editor shows what `nus check` shows there; a data file with problems is reported on standard error, and the
package's rules are used instead.
"""

from __future__ import annotations

import argparse

from compiler.cli.common import OK
from compiler.cli.project_files import data_files, needs, open_project
from runtime.model.data import use


def register(commands) -> None:
    command = commands.add_parser("lsp", help="run the language server over stdio (for editors)")
    command.set_defaults(run=run)
    needs(command, "editor", "pygls", "lsprotocol")


def run(args: argparse.Namespace) -> int:
    project, broken = open_project()
    if project is not None and not broken:
        files, broken = data_files(args, project)
        if not broken:
            use(files)
    from compiler.lsp.server import server  # pygls is needed only here; the vocabulary reads the rules in use

    server.start_io()
    return OK
