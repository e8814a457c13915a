"""The `nus` command. Exit codes: 0 clean, 1 errors in a card file, 2 usage or I/O problems."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from compiler.diagnostics import render_all
from compiler.docs import write_docs
from compiler.format import format_text
from compiler.generate import generate
from compiler.load import Compiled, compile_text, load_cards, load_examples, python_source
from compiler.nodes import pretty
from runtime.examples import run_examples
from runtime.simulate import per_game, simulate, summary

OK, ERRORS, USAGE = 0, 1, 2


class UsageError(Exception):
    """A problem with the command line or the file system, not with card text."""


def read_source(path: str) -> str:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        message = f"{path}:{line}:{column}: error[E0004]: the file is not valid UTF-8 (byte {error.start})"
        raise InvalidText(message) from None


class InvalidText(Exception):
    """Card text that cannot even be decoded; reported like a diagnostic."""


def compile_file(path: str) -> tuple[str, Compiled]:
    text = read_source(path)
    return text, compile_text(text, path)


def report(path: str, text: str, compiled: Compiled) -> bool:
    if compiled.diagnostics:
        print(render_all(list(compiled.diagnostics), {path: text}), file=sys.stderr)
        count = len(compiled.diagnostics)
        print(f"{path}: {count} error{'s' if count != 1 else ''}", file=sys.stderr)
        return False
    return True


def command_check(args: argparse.Namespace) -> int:
    clean = True
    for path in args.files:
        try:
            text, compiled = compile_file(path)
        except InvalidText as error:
            print(error, file=sys.stderr)
            clean = False
            continue
        if report(path, text, compiled):
            print(f"{path}: {len(compiled.program.cards)} cards, no errors")
        else:
            clean = False
    return OK if clean else ERRORS


def command_build(args: argparse.Namespace) -> int:
    """Compile and document in one go: the main job."""
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    out = output_directory(args.output)
    target = out / "cards.py"
    writing(lambda: target.write_text(python_source(compiled.module, args.file), encoding="utf-8"), out)
    written = [target, *writing(lambda: write_docs(compiled.program, args.file, out, text), out)]
    print("\n".join(f"wrote {path}" for path in written))
    return OK


def command_docs(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    out = output_directory(args.output)
    written = writing(lambda: write_docs(compiled.program, args.file, out, text), out)
    print("\n".join(f"wrote {path}" for path in written))
    return OK


def command_fmt(args: argparse.Namespace) -> int:
    """Print the canonical form; with --check, only say whether the file already has it."""
    text = read_source(args.file)
    formatted, diagnostics = format_text(text, args.file)
    if formatted is None:
        print(render_all(diagnostics, {args.file: text}), file=sys.stderr)
        return ERRORS
    if args.check:
        if formatted != text:
            print(f"{args.file}: not formatted (run 'nus fmt {args.file}' to see the canonical form)", file=sys.stderr)
            return ERRORS
        print(f"{args.file}: formatted")
        return OK
    sys.stdout.write(formatted)
    return OK


def output_directory(path: str) -> Path:
    out = Path(path)
    writing(lambda: out.mkdir(parents=True, exist_ok=True), out)
    return out


def writing(action, out: Path):
    try:
        return action()
    except OSError as error:
        raise UsageError(f"cannot write to {out}: {error.strerror or error}") from None


def command_explain(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    cards = [c for c in compiled.program.cards if args.card.lower() in (c.name.lower(), c.code.lower())]
    if not cards:
        names = ", ".join(c.name for c in compiled.program.cards)
        raise UsageError(f"no card named '{args.card}' in {args.file} (cards: {names})")
    card = cards[0]
    module = generate(replace(compiled.program, cards=(card,)), text)
    print(f'{args.file}:{card.span.line}: {card.kind} "{card.name}"\n')
    print(pretty(card))
    print("\n# Generated Python\n")
    print(python_source(module, args.file))
    return OK


def command_simulate(args: argparse.Namespace) -> int:

    text, compiled = compile_file(args.cards)
    if not report(args.cards, text, compiled):
        return ERRORS
    specs = load_cards(text, args.cards)
    results = simulate(specs, players=args.players, games=args.games, seed=args.seed)
    print(per_game(results))
    print(summary(results))
    return OK


def command_test(args: argparse.Namespace) -> int:
    """Run the file's worked examples: one line each, the reason under a failure."""
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    outcomes = run_examples(load_examples(text, args.file), load_cards(text, args.file))
    for outcome in outcomes:
        example = outcome.example
        about = f'card "{example.card}"' if example.card else "base rules"
        print(f"{args.file}:{example.line}: {'ok' if outcome.passed else 'FAILED'} {about}: {example.title}")
        for failure in outcome.failures:
            print(f"    {failure}")
    failed = sum(not outcome.passed for outcome in outcomes)
    print(f"{len(outcomes)} examples, {failed} failed")
    return ERRORS if failed else OK


def positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def file_command(commands, name: str, run, help: str, output: bool = False) -> argparse.ArgumentParser:
    """A subcommand that reads one card file (and writes to -o DIR when `output`)."""
    command = commands.add_parser(name, help=help)
    command.add_argument("file", metavar="FILE")
    if output:
        command.add_argument("-o", "--output", default="build", metavar="DIR")
    command.set_defaults(run=run)
    return command


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nus", description="Compile and run Nusfjord card files.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="check card files and report every error")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=command_check)
    file_command(commands, "build", command_build, "compile a card file to Python and write its reference", True)
    file_command(commands, "docs", command_docs, "write the card reference: cards.md, index.html, cards.json", True)
    fmt = file_command(commands, "fmt", command_fmt, "print a card file in its canonical layout")
    fmt.add_argument("--check", action="store_true", help="exit 1 when the file is not in canonical layout")
    file_command(commands, "test", command_test, "run the worked examples of a card file")
    explain = file_command(commands, "explain", command_explain, "show a card's parsed structure and generated Python")
    explain.add_argument("card", metavar="CARD", help="card name or code")
    simulate = commands.add_parser("simulate", help="play seeded random games with the cards")
    simulate.add_argument("--players", type=positive, default=3, choices=range(1, 6), metavar="N")
    simulate.add_argument("--games", type=positive, default=10, metavar="G")
    simulate.add_argument("--seed", type=int, default=0, metavar="S")
    simulate.add_argument("--cards", default="cards.nus", metavar="FILE")
    simulate.set_defaults(run=command_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = argument_parser().parse_args(argv)
    try:
        return args.run(args)
    except InvalidText as error:
        print(error, file=sys.stderr)
        return ERRORS
    except UsageError as error:
        print(f"nus: error: {error}", file=sys.stderr)
        return USAGE
