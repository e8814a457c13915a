"""Played games as `nus balance --playtests DIR` reports them: apart from the card values, never pooled into them.

Two figures, each with its sample and 95% interval. How the people did: in each finished game, a person's score
minus the mean score of the bots at that table (a paired difference, one a person a game). How human the bots
are: of the people's answers that had a choice, how often the bot named (the strongest, by default) would have
answered the same at that question, worked out on a copy of the game there. Games that no longer replay on the
card file (an answer that no longer fits), or files that are not saved games, are counted and named, not used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from runtime.analysis.stats import Estimate, mean_interval, proportion_interval
from runtime.model.cards import CardSpec
from runtime.playtest.game import bot_choice, bot_later
from runtime.playtest.saved import SavedGameError, read_saved
from runtime.playtest.session import PERSON, PlaySession, ReplayError
from runtime.playtest.wording import option_words
from runtime.wording import counted


@dataclass
class Playtests:
    """What the played games in a folder say; `skipped` names each file left out and why."""

    folder: str
    agent: str
    games: int = 0
    finished: int = 0
    margins: list[float] = field(default_factory=list)
    agreed: int = 0
    choices: int = 0
    skipped: list[str] = field(default_factory=list)

    @property
    def margin(self) -> Estimate:
        return mean_interval(self.margins)

    @property
    def likeness(self) -> Estimate:
        return proportion_interval(self.agreed, self.choices)

    def json(self) -> dict:
        margin, likeness = self.margin, self.likeness
        return {
            "folder": self.folder,
            "games": self.games,
            "finished": self.finished,
            "person_minus_bots": {"mean": margin.mean, "low": margin.low, "high": margin.high, "n": margin.n},
            "bot": self.agent,
            "bot_agrees": {"rate": likeness.mean, "low": likeness.low, "high": likeness.high, "n": likeness.n},
            "skipped": list(self.skipped),
        }

    def lines(self) -> list[str]:
        margin, likeness = self.margin, self.likeness
        lines = [
            f"Played games in {self.folder} (nus play): {self.games} read, {self.finished} finished; "
            "reported apart, never pooled into the card values"
        ]
        if margin.n:
            interval = f"95% interval {margin.low:+.1f} to {margin.high:+.1f}" if margin.n > 1 else "no interval"
            lines.append(
                f"  a person's score minus the bots' mean at the table: {margin.mean:+.1f} ({interval}, "
                f"n = {counted(margin.n, 'finished game')})"
            )
        if likeness.n:
            lines.append(
                f"  the people's answers with a choice that {self.agent} would have given too: {likeness.mean:.0%} "
                f"(95% interval {likeness.low:.0%} to {likeness.high:.0%}, n = {counted(likeness.n, 'answer')})"
            )
        lines += [f"  left out: {why}" for why in self.skipped]
        return lines


def playtests(specs: Sequence[CardSpec], folder: Path, agent: str) -> Playtests:
    """Every saved game (*.json) in the folder, replayed on these cards."""
    found = Playtests(str(folder), agent)
    for path in sorted(folder.glob("*.json")):
        try:
            setup, answers, _ = read_saved(path.read_text(encoding="utf-8"))
        except (SavedGameError, OSError, UnicodeDecodeError) as error:
            found.skipped.append(f"{path.name}: {error}")
            continue
        session = PlaySession(specs, setup)
        session.fresh()
        try:
            agreed, choices = replayed_agreement(session, answers, agent)
        except ReplayError as error:
            found.skipped.append(f"{path.name}: {error}")
            continue
        found.games += 1
        found.agreed += agreed
        found.choices += choices
        if session.over:
            found.finished += 1
            found.margins += margins(session)
    return found


def replayed_agreement(session: PlaySession, answers: Sequence, agent: str) -> tuple[int, int]:
    """Replay the answers one by one; at each person's question with a choice, ask the bot on a copy of the game."""
    agreed = choices = 0
    for number, answer in enumerate(answers):
        game = session.game
        decision = game.question()
        if decision is not None and answer.by == PERSON and len(decision.options) > 1:
            options = option_words(game.table, decision)
            adviser = bot_later(agent, session.setup.seed, decision.player, number)
            choices += 1
            agreed += options[bot_choice(adviser, decision, game.copy())] == answer.words
        session.replay_one(number + 1, answer)
    session.play_on()
    return agreed, choices


def margins(session: PlaySession) -> list[float]:
    """Each person's final score minus the mean of the bots' at the table (none without a bot)."""
    totals = {seat: parts["total"] for seat, parts in session.scores().items()}
    people = [seat for seat, agent in enumerate(session.setup.seats) if agent == PERSON]
    bots = [totals[seat] for seat in totals if seat not in people]
    if not bots:
        return []
    return [totals[seat] - sum(bots) / len(bots) for seat in people]
