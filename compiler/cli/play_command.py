"""`nus play`: play the card file against the bots, on a local web page (default) or in the terminal (`--text`).

Exit codes as every command's: 0 a game played (or `--check` replayed every answer), 1 errors in the card file
(or `--check` found an answer that no longer fits), 2 a usage problem, 130 stopped (Ctrl-C, or the end of piped
input before the game's end), the game saved first.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time
from pathlib import Path

from compiler.cli.common import (
    ERRORS,
    OK,
    UsageError,
    check_round,
    compile_file,
    player_count,
    read_source,
    report,
    writing,
)
from compiler.cli.project_files import card_file_command, replaced_cards_option
from compiler.cli.trace_command import find_card
from compiler.diagnostics import printable
from runtime.model.declarations import CardKind
from runtime.wording import counted

PERSON = "you"


def register(commands) -> None:
    help = "play your cards against the bots, in a browser or a terminal"
    command = card_file_command(commands, "play", run, help, plays=True)
    command.add_argument("--players", type=player_count, metavar="N", help="players, you included (default: 3)")
    command.add_argument("--seed", type=int, metavar="S", help="the game's seed (the deal and the bots) (default: 0)")
    command.add_argument("--bots", metavar="AGENT", help="who plays the other seats (default: greedy)")
    command.add_argument(
        "--seats",
        metavar="LIST",
        help="who sits where, e.g. 'you,greedy,random' ('you' for each person: two make hot seat play)",
    )
    command.add_argument("--hint", metavar="AGENT", help="the bot whose choice Hint shows (default: the strongest)")
    command.add_argument("--text", action="store_true", help="play in the terminal instead of a web page")
    command.add_argument("--answers", metavar="FILE", help="--text: read answers from FILE first, then the terminal")
    command.add_argument("--no-open", action="store_true", help="print the page's address without opening a browser")
    command.add_argument("--port", type=port, default=0, metavar="N", help="the page's port (default: any free one)")
    command.add_argument("--save", metavar="FILE", help="where the game is saved after every answer")
    command.add_argument("--replay", metavar="FILE", help="replay a saved game, then play on")
    command.add_argument("--check", action="store_true", help="with --replay: exit 0 if every answer fits, else 1")
    command.add_argument("--give", metavar="CARD[:ROUND]", help="put a Building into play for you at a round's start")
    command.add_argument("--card", metavar="NAME", help="focus the log on one card: every time it listened")
    command.add_argument("--against", metavar="OLD", help="mark cards changed since OLD (default: git HEAD)")
    replaced_cards_option(command)


def run(args: argparse.Namespace) -> int:
    from compiler import load_cards
    from runtime.playtest.saved import SavedGameError, read_saved

    if args.check and not args.replay:
        raise UsageError("--check checks a saved game: give it with --replay FILE")
    saved_answers = []
    if args.replay:
        fixed = [option for option in ("seed", "players", "bots", "seats", "give") if getattr(args, option) is not None]
        if fixed:
            given = ", ".join(f"--{option}" for option in fixed)
            raise UsageError(f"{given} with --replay: a saved game keeps its own seed, seats and given card")
        try:
            setup, saved_answers, _ = read_saved(read_source(args.replay))
        except SavedGameError as error:
            raise UsageError(f"{args.replay}: {error}") from None
    else:
        setup = new_setup(args)
    if args.hint is not None:
        setup.hint = args.hint
    check_seats(setup.seats, setup.hint)
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    specs = load_cards(text, args.file, trace=True)
    if args.give:
        setup.give = grant(args.give, specs, setup, args.file)
    focus = find_card(specs, args.card, args.file) if args.card else None
    session, problem = start(specs, setup, focus, saved_answers)
    if args.check:
        return checked(args, session, problem)
    target = save_path(args, setup.seed)
    playing = Playing(args, text, target)
    host = playing.host(session, compiled, problem)
    session.on_answer = lambda _: playing.autosave()
    if args.text:
        from runtime.playtest.text import play_text

        return play_text(host, answer_lines(args))
    return play_web(args, host, playing)


def port(value: str) -> int:
    if not value.isdigit() or int(value) > 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {value!r}")
    return int(value)


def start(specs, setup, focus, answers):
    """The session, and the message of a replay that stopped early (the game then waits at that answer's question)."""
    from runtime.playtest.session import PlaySession, ReplayError

    session = PlaySession(specs, setup, focus)
    try:
        session.replay(answers)
    except ReplayError as error:
        return session, str(error)
    return session, ""


def checked(args: argparse.Namespace, session, problem: str) -> int:
    """--replay --check: the saved game as a regression test."""
    if problem:
        print(printable(f"{args.replay}: {problem}"), file=sys.stderr)
        return ERRORS
    where = "to its end" if session.over else f"to answer {len(session.record)}"
    print(printable(f"{args.replay}: every answer fits ({counted(len(session.record), 'answer')}, played {where})"))
    return OK


def new_setup(args: argparse.Namespace):
    from runtime.playtest.session import Setup

    if args.seats:
        if args.bots is not None:
            raise UsageError("--bots with --seats: --seats names who sits in every seat")
        seats = tuple(seat.strip() for seat in args.seats.split(","))
        if args.players is not None and len(seats) != args.players:
            raise UsageError(f"--seats names {counted(len(seats), 'seat')}, --players {args.players}")
        try:
            player_count(str(len(seats)))
        except argparse.ArgumentTypeError as error:
            raise UsageError(f"--seats: {error}") from None
    else:
        seats = (PERSON,) + (args.bots or "greedy",) * ((args.players or 3) - 1)
    return Setup(0 if args.seed is None else args.seed, seats)


def check_seats(seats, hint: str) -> None:
    from runtime.players import PLAYERS

    for agent in (*seats, hint):
        if agent != PERSON and agent not in PLAYERS:
            raise UsageError(f"unknown player {agent!r}: a seat is '{PERSON}' or one of {', '.join(PLAYERS)}")


def grant(value: str, specs, setup, path: str):
    """--give CARD[:ROUND] for the first person seated (the first seat when only bots play)."""
    from runtime.analysis.games import Grant

    name, _, round_text = value.rpartition(":") if ":" in value else (value, "", "1")
    if not round_text.isdigit() or int(round_text) < 1:
        raise UsageError(f"--give {value}: the round after ':' is a whole number from 1")
    card = find_card(specs, name, path)
    if card.kind is not CardKind.BUILDING:
        raise UsageError(f"--give puts a Building into play; {card.name!r} is an Elder, which comes into play taken")
    check_round(int(round_text), specs, setup.players)
    seat = next((seat for seat, agent in enumerate(setup.seats) if agent == PERSON), 0)
    return Grant(card.name, seat, int(round_text))


def save_path(args: argparse.Namespace, seed: int) -> Path:
    """--save, or a new file in playtests/ (what `nus balance --playtests` reads): never a file given as input."""
    if args.save:
        target = Path(args.save)
    else:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = unused(Path("playtests") / f"{Path(args.file).stem}-seed{seed}-{stamp}.json")
    inputs = [Path(path) for path in (args.file, args.replay, args.answers, args.against) if path]
    from compiler.cli.output import refuse_inputs

    writing(lambda: refuse_inputs([target], inputs), target)
    return target


def unused(path: Path) -> Path:
    """The path, or the first of path-2, path-3, ... that no file has: a save never replaces another game's."""
    found, number = path, 1
    while found.exists():
        number += 1
        found = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return found


class Playing:
    """What the command line does for a front end: saving, reloading the card file, the end screen's commands."""

    def __init__(self, args: argparse.Namespace, text: str, target: Path):
        self.args = args
        self.text = text
        self.target = target
        self.session = None

    def host(self, session, compiled, problem: str):
        from runtime.playtest.host import Host

        self.session = session
        self.hosted = Host(
            session,
            card_info(compiled, edited_against(self.args)),
            (self.args.file, self.text),
            self.autosave,
            self.reload,
            printable,
            self.commands(),
            problem,
            self.new_file,
        )
        return self.hosted

    def autosave(self) -> Path | None:
        from compiler.cli.output import write_all
        from runtime.playtest.saved import saved_text

        target = self.target
        writing(lambda: target.parent.mkdir(parents=True, exist_ok=True), target)
        writing(lambda: write_all({target: saved_text(self.session, self.args.file, self.text)}), target)
        return target

    def new_file(self) -> None:
        """A restarted game is saved beside the one before, which stays as it was."""
        self.target = unused(self.target)
        self.hosted.commands = self.commands()

    def reload(self) -> str:
        """The card file compiled again; the answers replayed on it (a ReplayError propagates to the front end)."""
        from compiler import load_cards
        from runtime.playtest.saved import cards_hash

        text, compiled = compile_file(self.args.file)
        if compiled.diagnostics:
            first = compiled.diagnostics[0]
            where = f"{self.args.file}:{first.span.line}"
            return printable(f"{where}: {first.message} (the game goes on with the cards it had)")
        specs = load_cards(text, self.args.file, trace=True)
        focus = find_card(specs, self.args.card, self.args.file) if self.args.card else None
        unchanged = cards_hash(text) == cards_hash(self.text)
        self.text = text
        self.session.reload(specs, focus)
        self.autosave()
        return "" if not unchanged else "the card file has not changed"

    def commands(self) -> dict[str, str]:
        target = shlex.quote(str(self.target))
        replay = " ".join(["nus", "play", shlex.quote(self.args.file), "--replay", target])
        trace = " ".join(["nus", "trace", shlex.quote(self.args.file), "--replay", target, "--card", "NAME"])
        return {"replay it": replay, "check it still fits the cards": replay + " --check", "trace a card in it": trace}


def card_info(compiled, edited: dict[str, str]) -> dict[str, dict]:
    """Each card's English for hover, and whether it changed since the older version."""
    from compiler.backends.docs import card_docs

    return {
        doc.name: {
            "code": doc.code,
            "kind": doc.kind,
            "cost": doc.cost,
            "vp": doc.vp,
            "text": doc.text,
            "line": doc.line,
            "edited": edited.get(doc.name, ""),
        }
        for doc in card_docs(compiled.program)
    }


def edited_against(args: argparse.Namespace) -> dict[str, str]:
    """The cards whose words differ from --against OLD (or the card file at git HEAD): name -> what they are compared
    with. An old version that cannot be read or compiled marks nothing (said on stderr for --against)."""
    from compiler import compile_text
    from compiler.backends.docs import card_docs

    if args.against:
        old_text, old = compile_file(args.against)
        if not report(args.against, old_text, old):
            return {}
        since = args.against
    else:
        old_text = at_git_head(Path(args.file))
        if old_text is None:
            return {}
        old = compile_text(old_text, args.file)
        if old.program is None or old.diagnostics:
            return {}
        since = "git HEAD"
    before = {doc.code: (doc.name, doc.cost, doc.vp, doc.text) for doc in card_docs(old.program)}
    return {
        doc.name: since
        for doc in card_docs(compile_file(args.file)[1].program)
        if before.get(doc.code) != (doc.name, doc.cost, doc.vp, doc.text)
    }


def at_git_head(path: Path) -> str | None:
    """The file as git's HEAD has it; None outside a repository, for a file git does not track, or with no git."""
    try:
        found = subprocess.run(
            ["git", "show", f"HEAD:./{path.name}"],
            cwd=path.resolve().parent,
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return found.stdout.decode("utf-8", "replace") if found.returncode == 0 else None


def answer_lines(args: argparse.Namespace):
    """--text's input: the lines of --answers FILE, then the terminal's (or the pipe's)."""
    if args.answers:
        yield from read_source(args.answers).splitlines()
    yield from (line.rstrip("\n") for line in sys.stdin)


def play_web(args: argparse.Namespace, host, playing: Playing) -> int:
    from runtime.playtest.web import serve

    playing.autosave()
    try:
        server = serve(host, args.port, not args.no_open, announce=lambda line: print(line, flush=True))
    except OSError as error:
        raise UsageError(f"cannot serve the page on port {args.port}: {error.strerror or error}") from None
    print(printable(f"saving to {playing.target} after every answer; Ctrl-C stops"), flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()
        playing.autosave()
        print(printable(f"saved to {playing.target}"), file=sys.stderr)
        raise
