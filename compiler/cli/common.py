"""What every `nus` subcommand shares: reading card files, reporting diagnostics, writing output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from compiler import diagnostic_codes as codes
from compiler.cli.terminal import painter
from compiler.diagnostics import Diagnostic, printable, render_all
from compiler.output import OverwritesInput

if TYPE_CHECKING:
    from compiler.cache import CheckResult
    from compiler.load import Compiled

OK, ERRORS, USAGE = 0, 1, 2


class UsageError(Exception):
    """A problem with the command line or the file system, not with card text."""


STDIN = "-"


def display_name(path: str) -> str:
    """The name diagnostics use: '-' (standard input) shows as <stdin>."""
    return "<stdin>" if path == STDIN else path


def read_source(path: str) -> str:
    try:
        data = sys.stdin.buffer.read() if path == STDIN else Path(path).read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {printable(path)}: {error.strerror or error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        name = printable(display_name(path))
        code = codes.INVALID_UTF8
        message = f"{name}:{line}:{column}: error[{code.id}]: {code.title} (byte {error.start})"
        raise InvalidText(message) from None


class InvalidText(Exception):
    """Card text that cannot even be decoded; reported like a diagnostic."""


def compile_file(path: str) -> tuple[str, Compiled]:
    from compiler.load import compile_text  # not at import: `nus check` on a cached file never needs the parser

    text = read_source(path)
    return text, compile_text(text, display_name(path))


def checked_file(path: str) -> tuple[str, CheckResult]:
    """For commands that only run the cards: a file checked before is not compiled again (compiler/cache.py)."""
    from compiler.cache import check_text

    text = read_source(path)
    return text, check_text(text, display_name(path))


def report(path: str, text: str, compiled: Compiled | CheckResult, output_format: str = "text") -> bool:
    """Show a file's diagnostics in the chosen format; True when it has none."""
    return show_diagnostics(display_name(path), text, list(compiled.diagnostics), output_format)


def show_diagnostics(name: str, text: str, diagnostics: list[Diagnostic], output_format: str = "text") -> bool:
    if output_format == "json":
        print(json.dumps([diagnostic_record(d) for d in sorted(set(diagnostics), key=lambda d: d.sort_key)]))
    elif output_format == "github":
        for diagnostic in sorted(set(diagnostics), key=lambda d: d.sort_key):
            print(github_annotation(diagnostic))
    elif diagnostics:
        print(render_all(diagnostics, {name: text}, painter(sys.stderr)), file=sys.stderr)
        count = len(diagnostics)
        print(printable(f"{name}: {count} error{'s' if count != 1 else ''}"), file=sys.stderr)
    return not diagnostics


OUTPUT_FORMATS = ("text", "json", "github")


def add_output_format(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--output-format",
        choices=OUTPUT_FORMATS,
        default="text",
        help="text for people; json (one array of diagnostics on stdout) for editors; github for workflow annotations",
    )


def diagnostic_record(diagnostic: Diagnostic) -> dict:
    span = diagnostic.span
    return {
        "file": span.filename,
        "line": span.line,
        "column": span.column,
        "end_line": span.end_line,
        "end_column": span.end_column,
        "severity": diagnostic.severity,
        "code": diagnostic.code,
        "message": diagnostic.message,
        "help": diagnostic.help,
    }


def github_annotation(diagnostic: Diagnostic) -> str:
    """A GitHub Actions workflow command; its data and properties escaped as the runner expects."""
    span = diagnostic.span
    where = {
        "file": span.filename,
        "line": span.line,
        "col": span.column,
        "endLine": span.end_line,
        "endColumn": span.end_column,
        "title": diagnostic.code,
    }
    properties = ",".join(f"{key}={annotation_text(str(value), True)}" for key, value in where.items())
    message = diagnostic.message + (f"\nhelp: {diagnostic.help}" if diagnostic.help else "")
    return f"::{diagnostic.severity} {properties}::{annotation_text(message, False)}"


def annotation_text(text: str, property_value: bool) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return printable(text)


def output_directory(path: str) -> Path:
    out = Path(path)
    writing(lambda: out.mkdir(parents=True, exist_ok=True), out)
    return out


def writing(action, out: Path):
    """Run a write; a file-system failure or a target that is an input becomes a usage error (exit 2)."""
    try:
        return action()
    except OverwritesInput as error:
        raise UsageError(printable(str(error))) from None
    except OSError as error:
        raise UsageError(printable(f"cannot write to {out}: {error.strerror or error}")) from None


@contextmanager
def reaching_cluster() -> Iterator[None]:
    """A cluster that cannot be used (no scheduler answers, Dask not installed) is a usage error (exit 2)."""
    from runtime.analysis.runner import ClusterError

    try:
        yield
    except ClusterError as error:
        raise UsageError(printable(str(error))) from None


def positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def cluster_address(value: str) -> str:
    """An empty address would quietly play here instead: refused."""
    if not value.strip():
        raise argparse.ArgumentTypeError("give the Dask scheduler's address (tcp://HOST:8786), or leave --cluster out")
    return value


def check_round(wanted: int, specs, players: int) -> None:
    """A card given at a round the game never reaches would be measured on no game: refused before any is played.
    A card file whose card changes the number of Rounds is let through (only play can tell)."""
    from runtime.analysis.games import last_round

    last = last_round(specs, players)
    if last is not None and wanted > last:
        raise UsageError(f"--round {wanted}: a game has rounds 1 to {last}, so round {wanted} never comes")


def seat(value: str) -> int:
    """A player as every output names them (P2), or their number (2)."""
    number = value[1:] if value[:1] in ("P", "p") else value
    if not number.isdigit() or int(number) < 1:
        raise argparse.ArgumentTypeError(f"'{value}' is no player: give P1, P2, ... (or 1, 2, ...)")
    return int(number)


def file_command(commands, name: str, run, help: str, output: bool = False) -> argparse.ArgumentParser:
    """A subcommand that reads one card file (and writes to -o DIR when `output`)."""
    command = commands.add_parser(name, help=help)
    command.add_argument("file", metavar="FILE", help="card file ('-' reads standard input)")
    if output:
        command.add_argument("-o", "--output", default="build", metavar="DIR", help="directory to write into")
    command.set_defaults(run=run)
    return command
