"""What every `nus` subcommand shares: reading card files, reporting diagnostics, writing output."""

from __future__ import annotations

import argparse
import codecs
import json
import signal
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from compiler import diagnostic_codes as codes
from compiler.cli.folder import TargetError
from compiler.cli.output import OverwritesInput
from compiler.cli.terminal import painter
from compiler.diagnostics import Diagnostic, Diagnostics, by_severity, editor_column, editor_span, printable, render_all
from runtime.wording import counted

if TYPE_CHECKING:
    from compiler.cache import CheckResult
    from compiler.units import Compiled
    from runtime.model.cards import CardSpec

OK, ERRORS, USAGE = 0, 1, 2
INTERRUPTED = 128 + signal.SIGINT  # 130, as the shell says of a run stopped by Ctrl-C


class UsageError(Exception):
    """A problem with the command line or the file system, not with card text."""


def error_line(error: Exception) -> str:
    """How a usage error (or a card's error in play) is said: one line on stderr."""
    return f"nus: error: {printable(str(error))}"


STDIN = "-"


def display_name(path: str) -> str:
    """The name diagnostics use: '-' (standard input) shows as <stdin>."""
    return "<stdin>" if path == STDIN else path


def shown_name(path: str) -> str:
    """The file's name where an output shows it (the reference's line references, a printed card's footer): its
    control characters escaped as on the terminal, so a file named with an ESC or a line break stays one line of
    text in HTML and Markdown alike."""
    return printable(display_name(path))


BOM = "\ufeff"


def read_source(path: str) -> str:
    """A card file's text to compile. A leading byte-order mark (which Windows editors write) is dropped, as
    Python drops it from a module, so line 1 is not an 'unexpected character' and its columns are the ones an
    editor shows."""
    return read_text(path).removeprefix(BOM)


def read_text(path: str) -> str:
    """A card file's text exactly as written, a byte-order mark kept (for `nus fmt`, which writes it back)."""
    try:
        data = sys.stdin.buffer.read() if path == STDIN else Path(path).read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {printable(path)}: {error.strerror or error}") from None
    body = data.removeprefix(codecs.BOM_UTF8)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise invalid_text(path, body, error.start, len(data) - len(body)) from None
    return BOM + text if len(body) < len(data) else text


def invalid_text(path: str, body: bytes, start: int, bom: int) -> InvalidText:
    """Where decoding failed: line and column within the text after any byte-order mark (the column as an editor
    counts it, over the line's characters before it, which decode), the byte in the file."""
    line = body[:start].count(b"\n") + 1
    before = body[body.rfind(b"\n", 0, start) + 1 : start].decode("utf-8")
    column = editor_column(before, len(before) + 1)
    code = codes.INVALID_UTF8
    return InvalidText(
        f"{printable(display_name(path))}:{line}:{column}: error[{code.id}]: {code.title} (byte {start + bom})"
    )


class InvalidText(Exception):
    """Card text that cannot even be decoded; reported like a diagnostic."""


def compile_file(path: str) -> tuple[str, Compiled]:
    from compiler import compile_text  # not at import: `nus check` on a cached file never needs the parser

    text = read_source(path)
    return text, compile_text(text, display_name(path))


def checked_file(path: str) -> tuple[str, CheckResult]:
    """For commands that only run the cards: a file checked before is not compiled again (compiler/cache.py)."""
    from compiler import check_text

    text = read_source(path)
    return text, check_text(text, display_name(path))


def cards_kept(text: str, path: str) -> list[CardSpec]:
    """The loader `nus simulate` and `nus balance` hand to their worker processes (a module-level function, so it
    pickles by name): the compiled code is kept on disk, so the next run starts playing at once."""
    from compiler import load_cards

    return load_cards(text, path, on_disk=True)


def report(path: str, text: str, compiled: Compiled | CheckResult, output_format: str = "text") -> bool:
    """Show a file's errors and warnings in the chosen format; True when it has no error (warnings stop nothing)."""
    return show_diagnostics(display_name(path), text, [*compiled.diagnostics, *compiled.warnings], output_format)


def show_diagnostics(name: str, text: str, diagnostics: Iterable[Diagnostic], output_format: str = "text") -> bool:
    diagnostics = Diagnostics(diagnostics)
    errors, warnings = by_severity(diagnostics)
    if output_format == "json":
        print(json.dumps([diagnostic_record(d, text) for d in diagnostics]))
    elif output_format == "github":
        for diagnostic in diagnostics:
            print(github_annotation(diagnostic, text))
    elif diagnostics:
        print(render_all(diagnostics, {name: text}, painter(sys.stderr)), file=sys.stderr)
        counts = [counted(len(found), kind) for found, kind in ((errors, "error"), (warnings, "warning")) if found]
        print(printable(f"{name}: {', '.join(counts)}"), file=sys.stderr)
    return not errors


OUTPUT_FORMATS = ("text", "json", "github")


def add_output_format(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--output-format",
        choices=OUTPUT_FORMATS,
        default="text",
        help="text for people; json (one array of diagnostics on stdout) for editors; github for workflow annotations",
    )


def diagnostic_record(diagnostic: Diagnostic, source: str) -> dict:
    """For editors: the columns as they count them (diagnostics.editor_column)."""
    span = editor_span(diagnostic.span, source)
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


def github_annotation(diagnostic: Diagnostic, source: str) -> str:
    """A GitHub Actions workflow command; its data and properties escaped as the runner expects."""
    span = editor_span(diagnostic.span, source)
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
    """DIR made if need be; one that is a file (or a device, /dev/full) is refused for what it is, not with the
    "File exists" that mkdir says of it."""
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise UsageError(printable(f"cannot write to {out}: not a directory"))
    writing(lambda: out.mkdir(parents=True, exist_ok=True), out)
    return out


def writing(action, out: Path):
    """Run a write; a file-system failure or a target that is an input becomes a usage error (exit 2)."""
    try:
        return action()
    except OverwritesInput as error:
        raise UsageError(printable(str(error))) from None
    except TargetError as error:
        raise UsageError(printable(f"cannot write to {error.filename}: {error.strerror}")) from None
    except OSError as error:
        raise UsageError(printable(f"cannot write to {out}: {error.strerror or error}")) from None


@contextmanager
def reaching_cluster() -> Iterator[None]:
    """A cluster that cannot be used (no scheduler answers, Dask not installed), or a worker process or the scheduler
    lost midway, is a usage error (exit 2)."""
    from runtime.analysis.runner import ClusterError, WorkerLost

    try:
        yield
    except (ClusterError, WorkerLost) as error:
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


def player_count(value: str) -> int:
    """A `--players` value: one of the player counts the game has (rules.toml)."""
    from runtime.model.rules import player_counts

    counts = player_counts()
    if not value.isdigit() or int(value) not in counts:
        raise argparse.ArgumentTypeError(f"the game is for {counts[0]} to {counts[-1]} players, not {value!r}")
    return int(value)


def left_out(spec, players: int) -> str:
    """Why set-up leaves a card out of a game of `players` players (its `players` line), for a command asked about
    that card there; "" for a card that is part of the game."""
    if spec.in_game(players):
        return ""
    from compiler.backends.render import player_counts_text
    from runtime.model.rules import player_counts

    only = player_counts_text(spec.players, player_counts()).removesuffix(".").lower()
    game = counted(players, "player")
    return f"{spec.name!r} is {only} (its players line), so set-up leaves it out of a game of {game}"
