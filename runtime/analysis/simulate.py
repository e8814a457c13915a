"""Full seeded games with random deciders, and a summary of their results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from runtime.engine.phases import play_round
from runtime.mechanics.scoring import final_scores
from runtime.model.cards import CardSpec
from runtime.model.setup import new_table
from runtime.model.state import Table


@dataclass
class GameResult:
    seed: int
    players: int
    scores: dict[int, Fraction]
    winners: list[int]
    built: dict[str, int]  # Building name -> how many players built it
    log: list[str]


def play_game(specs: Sequence[CardSpec], players: int, seed: int) -> tuple[Table, dict[int, dict[str, Fraction]]]:
    """Seven rounds and scoring; the seed fixes the shuffles and every random choice."""
    table = new_table(players, specs, seed=seed)
    while table.round < table.rules.rounds:
        play_round(table)
    return table, final_scores(table)


def simulate(specs: Sequence[CardSpec], players: int, games: int, seed: int) -> list[GameResult]:
    results = []
    for game in range(games):
        table, scores = play_game(specs, players, seed + game)
        totals = {p: parts["total"] for p, parts in scores.items()}
        best = max(totals.values())
        built: dict[str, int] = {}
        for player in table.players:
            for card in player.buildings:
                built[card.name] = built.get(card.name, 0) + 1
        winners = [p for p, total in totals.items() if total == best]
        results.append(GameResult(seed + game, players, totals, winners, built, table.log))
    return results


def score_text(score: Fraction) -> str:
    whole, half = divmod(score, 1)
    return f"{int(whole)}½" if half else str(int(whole))


def per_game(results: Sequence[GameResult]) -> str:
    """One line a game: its seed, every player's score, and who won (ties are shared)."""
    lines = []
    for result in results:
        scores = ", ".join(f"P{p + 1} {score_text(s)}" for p, s in sorted(result.scores.items()))
        winners = " and ".join(f"P{p + 1}" for p in result.winners)
        lines.append(f"seed {result.seed}: {scores}; won by {winners}")
    return "\n".join(lines)


def summary(results: Sequence[GameResult]) -> str:
    """Average and spread of scores, and which Buildings got built most and least."""
    if not results:
        return "no games"
    totals = [float(score) for result in results for score in result.scores.values()]
    counts: dict[str, int] = {}
    for result in results:
        for name, count in result.built.items():
            counts[name] = counts.get(name, 0) + count
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    lines = [
        f"{len(results)} games, {results[0].players} players",
        f"score: mean {sum(totals) / len(totals):.1f}, min {min(totals):.1f}, max {max(totals):.1f}",
        "most built: " + ", ".join(f"{name} ({count})" for name, count in ranked[:5]),
        "least built: " + ", ".join(f"{name} ({count})" for name, count in ranked[-5:]),
    ]
    return "\n".join(lines)
