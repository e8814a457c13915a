"""The `nus` command. Exit codes: 0 clean, 1 errors in a card file, 2 usage or I/O problems (standard output
that cannot be written to, such as a full disk, included), 130 interrupted (Ctrl-C); a reader that closes the pipe
early (`nus docs ... | head`) ends it quietly with 141, as SIGPIPE would.

Each subcommand is one module of this package with `register(commands)`; COMMANDS lists them in help order.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import sys
from importlib import import_module

from compiler import __version__
from compiler.cli.common import ERRORS, INTERRUPTED, USAGE, InvalidText, UsageError, error_line
from compiler.cli.project_files import settle
from compiler.cli.stdout import StdoutError, guarded_stdout
from runtime.model.data import use
from runtime.model.errors import CardError

COMMANDS = (
    "init",
    "check",
    "build",
    "docs",
    "cards",
    "fmt",
    "test",
    "explain",
    "vocab",
    "simulate",
    "balance",
    "trace",
    "play",
    "lsp",
    "watch",
)


CLOSED_PIPE = 128 + signal.SIGPIPE


class DefaultsFormatter(argparse.HelpFormatter):
    """Adds '(default: X)' to an option's help when it has a default worth showing (not None, False or a help
    text that already names it)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        help = action.help or ""
        if (
            action.default is None
            or action.default is False
            or action.default == argparse.SUPPRESS
            or "default" in help
        ):
            return help
        if action.option_strings or action.nargs in (argparse.OPTIONAL, argparse.ZERO_OR_MORE):
            return f"{help} (default: %(default)s)".lstrip()
        return help


class Parser(argparse.ArgumentParser):
    """Every command's help shows each option's default."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", DefaultsFormatter)
        super().__init__(*args, **kwargs)


def argument_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or only the one `argv` names: `nus check` then imports nothing of
    build, docs, fmt or simulate (their templates, jinja2, the game runtime)."""
    parser = Parser(prog="nus", description="Compile and run Nusfjord card files.")
    parser.add_argument("--version", action="version", version=f"nus {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name in commands_needed(argv):
        import_module(f"compiler.cli.{name}_command").register(commands)
    return parser


def commands_needed(argv: list[str] | None) -> tuple[str, ...]:
    words = sys.argv[1:] if argv is None else argv
    first = next((word for word in words if not word.startswith("-")), None)
    return (first,) if first in COMMANDS else COMMANDS


def main(argv: list[str] | None = None) -> int:
    with guarded_stdout():
        return run(argv)


def console() -> None:
    """The `nus` program: the command, then an exit that skips the collector's last passes over all it built (about 2 s
    after compiling 1,000 cards, half the compile's own time; nothing it holds needs them: the process ends)."""
    status = main()
    gc.freeze()
    sys.exit(status)


def run(argv: list[str] | None) -> int:
    """The command, and every way it can end: each one a line on stderr at most, never a traceback."""
    try:
        args = argument_parser(argv).parse_args(argv)
        if not settle(args):
            return ERRORS
        status = args.run(args)
        if not getattr(sys.stdout, "closed", False):  # the language server closes it as it stops
            sys.stdout.flush()  # a full disk shows at the last write, here, not at exit where no exit code can say so
        return status
    except InvalidText as error:
        print(error, file=sys.stderr)
        return ERRORS
    except UsageError as error:
        print(error_line(error), file=sys.stderr)
        return USAGE
    except CardError as error:
        print(error_line(error), file=sys.stderr)
        return ERRORS
    except KeyboardInterrupt:
        print("nus: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        quiet_stdout()
        return CLOSED_PIPE
    except StdoutError as error:
        quiet_stdout()
        print(f"nus: error: {error}", file=sys.stderr)
        return USAGE
    finally:
        use(())  # the package's data files again: a test's next command starts from them


def quiet_stdout() -> None:
    """The reader is gone, or the disk full: point stdout at /dev/null so flushing it at exit raises nothing more."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # a stream with no descriptor (captured by a test) is left as is
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
