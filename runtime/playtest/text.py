"""The terminal front end (`nus play --text`): the page's sections compactly, numbered options that take a number
or the words, and commands for the rest. It reads lines from any source (the terminal, a pipe, `--answers FILE`),
so a whole game can be scripted; the end of the input or Ctrl-C saves the game and stops with 130.

Colour comes from rich where it is installed and the output is a terminal; every text from a card file is escaped
(`Host.escape`) before it is printed, and rich's markup is never read from it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from runtime.model.state import player_name
from runtime.playtest.host import Host
from runtime.playtest.view import Json
from runtime.playtest.wording import AnswerError
from runtime.wording import counted

INTERRUPTED = 130
HELP = """type an option's number or its words (the start of them will do), or:
  undo   back to your previous question        hint   what the hint bot would choose
  board  your table and the boards again       log [N] the last N log lines (10)
  save   save now                              all    the whole table (every hand, every deck)
  help   this                                  quit   save and stop"""


class Screen:
    """Where lines go: rich's console when it is there and the output a terminal, plain print otherwise."""

    def __init__(self, host: Host, out: TextIO):
        self.escape = host.escape
        self.out = out
        self.console: Any = None
        if out.isatty():
            try:
                from rich.console import Console
            except ImportError:
                pass
            else:
                self.console = Console(file=out, highlight=False, markup=False)

    def line(self, text: str = "", style: str = "") -> None:
        text = self.escape(text)
        if self.console is not None:
            self.console.print(text, style=style or None, soft_wrap=True)
        else:
            print(text, file=self.out)

    def heading(self, text: str) -> None:
        self.line(text, "bold cyan")


def goods(counts: dict[str, int]) -> str:
    return ", ".join(f"{amount} {good}" for good, amount in counts.items() if amount) or "nothing"


def names(cards: list[Json]) -> str:
    return ", ".join(card["name"] + (f" ({goods(card['goods'])})" if card["goods"] else "") for card in cards) or "none"


def player_lines(player: Json, own: bool) -> list[str]:
    ships = ", ".join(ship["type"] + (" with a guest" if ship["guest"] else "") for ship in player["ships"]) or "none"
    hand = ", ".join(player["hand"]) if player["hand"] is not None else f"{player['hand_count']} cards"
    lines = [
        f"{player['name']}: {player['score']['total']} VP; supply {goods(player['supply'])}; "
        f"reserve {goods(player['reserve'])}",
        f"  ships: {ships}; elders: {names(player['elders'])}",
        f"  buildings: {names(player['buildings'] + player['track_cards'])}",
        f"  hand: {hand or 'empty'}",
    ]
    if own:
        lines.append("  harbor: " + harbor_text(player))
        lines.append(f"  score: {score_parts(player['score'])}")
    return lines


def score_parts(score: Json) -> str:
    return ", ".join(f"{name.replace('_', ' ')} {value}" for name, value in score.items() if name != "total")


def harbor_text(player: Json) -> str:
    cells = [cell for cell in player["harbor"] if cell.get("card")]
    taken = [f"column {cell['column']} row {cell['row']} {cell['card']['name']}" for cell in cells]
    stacked = enumerate(player["forests"], 1)
    forests = ", ".join(f"{count} on double space {index}" for index, count in stacked if count)
    return "; ".join(taken or ["no buildings"]) + (f"; forests {forests}" if forests else "")


def board_lines(boards: Json) -> list[str]:
    spaces = ", ".join(
        f"{space['words']} {len(space['workers'])}/{space['capacity']}"
        + (f" ({' '.join(space['workers'])})" if space["workers"] else "")
        for space in boards["spaces"]
    )
    plates = ", ".join(f"{plate['size']}:{plate['fish']}" for plate in boards["plates"])
    stacks = ", ".join(f"{stack['top']} ({stack['count']})" for stack in boards["elder_stacks"] if stack["top"])
    return [
        f"spaces: {spaces}",
        f"banquet plates (size:fish): {plates}; ships left: {goods(boards['ships_left'])}",
        f"elders: {stacks or 'none'}",
        f"display: {', '.join(boards['display']) or 'empty'}; decks: "
        + ", ".join(f"{letter} {deck['count']}" for letter, deck in boards["decks"].items()),
    ]


class TextPlay:
    def __init__(self, host: Host, lines: Iterable[str], out: TextIO):
        self.host = host
        self.session = host.session
        self.lines: Iterator[str] = iter(lines)
        self.screen = Screen(host, out)
        self.show_all = False
        self.shown_log = 0
        self.last_asked: int | None = None

    def board(self) -> None:
        screen = self.screen
        state = self.host.state(self.show_all)
        view = state["view"]
        viewer = state["viewer"]
        when = f"round {view['round']}, turn {view['turn']}" if view["round"] else "before round 1"
        screen.heading(f"{when}, seed {state['seed']}")
        for player in view["players"]:
            for text in player_lines(player, player["seat"] == viewer):
                screen.line(text)
        for text in board_lines(view["boards"]):
            screen.line(text)

    def new_log(self) -> None:
        """The log lines since the last shown (fired notes included), so a person sees what the bots did."""
        log = self.session.log()
        for entry in log[self.shown_log :]:
            self.log_line(entry)
        self.shown_log = len(log)

    def log_line(self, entry: Json) -> None:
        at = f"R{entry['round']}T{entry['turn']}"
        if entry["kind"] == "log":
            self.screen.line(f"{at} {entry['text']}", "dim")
            return
        who = "" if entry["player"] is None else player_name(entry["player"]) + " "
        card = f"{entry['card']}: " if entry["card"] else ""
        what = {"fired": " fired", "silent": " kept silent"}.get(entry["kind"], "")
        self.screen.line(f"{at} {who}{card}{entry['text']}{what}", "yellow")
        changed = "changed: " + "; ".join(entry["changes"]) if entry["changes"] else ""
        for part in (entry["why"], *entry["answers"], changed):
            if part:
                self.screen.line(f"    {part}", "yellow")

    def ask(self) -> None:
        question = self.session.question
        assert question is not None
        people = self.host.people()
        if len(people) > 1 and question.player != self.last_asked:
            self.screen.heading(f"--- {player_name(question.player)} to answer: pass the keyboard ---")
            self.board()
        self.last_asked = question.player
        self.screen.heading(f"{player_name(question.player)}: {question.decision.prompt}")
        for number, words in enumerate(question.options, 1):
            self.screen.line(f"  {number}. {words}")

    def command(self, text: str) -> bool:
        """Carry out a command; False when the text is no command (an answer, then)."""
        word, _, rest = text.strip().partition(" ")
        word = word.lower()
        screen = self.screen
        if word == "help":
            for line in HELP.split("\n"):
                screen.line(line)
        elif word == "undo":
            if self.session.undo():
                self.shown_log = min(self.shown_log, len(self.session.log()))
                screen.line(f"undone: back to your previous question ({counted(self.session.undos, 'undo')} so far)")
            else:
                screen.line("nothing to undo: this is your first question")
        elif word == "hint":
            hint = self.session.hint()
            if hint is not None:
                screen.line(f"{hint.by} would choose {hint.index + 1}. {hint.words}")
        elif word == "board":
            self.board()
        elif word == "all":
            self.show_all = not self.show_all
            self.board()
        elif word == "log":
            count = int(rest) if rest.strip().isdigit() else 10
            for entry in self.session.log()[-count:]:
                self.log_line(entry)
        elif word == "save":
            screen.line(f"saved to {self.host.save()}")
        else:
            return False
        return True

    def play(self) -> int:
        screen = self.screen
        if self.host.message:
            screen.line(self.host.message, "red")
        self.board()
        while self.session.question is not None:
            self.new_log()
            self.ask()
            try:
                text = next(self.lines)
            except StopIteration:
                return self.stop("end of input")
            if text.strip().lower() == "quit":
                return self.stop("quit")
            if not text.strip() or self.command(text):
                continue
            try:
                self.session.answer(text)
            except AnswerError as error:
                screen.line(str(error), "red")
        self.new_log()
        self.end()
        return 0

    def stop(self, why: str) -> int:
        saved = self.host.save()
        self.screen.line(f"{why}: the game is saved to {saved}; go on with: {self.host.commands.get('replay it', '')}")
        return INTERRUPTED

    def end(self) -> None:
        screen = self.screen
        screen.heading("the game is over")
        state = self.host.state()
        for name, parts in state["scores"].items():
            agent = state["seats"][int(name[1:]) - 1]["agent"]
            screen.line(f"{name} ({agent}): {parts['total']} VP ({score_parts(parts)})")
        saved = self.host.save()
        screen.line(f"saved to {saved}")
        for what, line in self.host.commands.items():
            screen.line(f"{what}: {line}")


def play_text(host: Host, lines: Iterable[str], out: TextIO | None = None) -> int:
    """Play in the terminal until the game ends (0) or the input does (130, saved)."""
    game = TextPlay(host, lines, out or sys.stdout)
    try:
        return game.play()
    except KeyboardInterrupt:
        return game.stop("stopped")
