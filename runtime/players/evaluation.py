"""The transparent evaluation: the score if the game ended now, plus goods, haul, Buildings and Elders at
rates read from evaluation.toml, which a designer may edit. Greedy and search players maximise it, and
`nus balance` prices card costs in the same units."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from runtime.core.rules_in_force import rule
from runtime.mechanics.board import haul_size
from runtime.mechanics.scoring import score_parts
from runtime.model.cards import CardSpec, Context
from runtime.model.data import EVALUATION, data, depends_on_data
from runtime.model.state import Player, Table

PLACES = 6  # decimals of a VP a look-ahead tells apart: far below any rate, far above float noise


@dataclass(frozen=True)
class Rates:
    """The rates of evaluation.toml, by section (supply, reserve, per_round_left) and key."""

    supply: dict[str, float]
    reserve: dict[str, float]
    per_round_left: dict[str, float]

    def __hash__(self) -> int:  # a game's Setup names a seat's rates, and a Setup is hashed
        return hash(tuple(sorted(self.flat().items())))

    def flat(self) -> dict[str, float]:
        """Every rate by its dotted name as evaluation.toml spells it: `supply.wood`, `per_round_left.haul`."""
        return {f"{section}.{key}": value for section in SECTIONS for key, value in getattr(self, section).items()}

    def with_rates(self, changed: dict[str, float]) -> Rates:
        """These rates with some replaced, by dotted name."""
        sections = {section: dict(getattr(self, section)) for section in SECTIONS}
        for name, value in changed.items():
            section, key = name.split(".", 1)
            sections[section][key] = value
        return Rates(**sections)


SECTIONS = ("supply", "reserve", "per_round_left")


@depends_on_data
@cache
def load_rates() -> Rates:
    """The rates of the evaluation.toml shipped beside this module, with a project's over it (runtime.model.data)."""
    rates = data(EVALUATION)
    return Rates(*(rates[section] for section in SECTIONS))


def evaluate(table: Table, player: Player, rates: Rates | None = None) -> float:
    """What the player's position is worth in VP: the score so far plus the rated rest."""
    rates = rates or load_rates()
    worth = float(sum(score_parts(table, player).values()))  # the score's total, without a Fraction per part
    worth += sum(rates.supply[good] * amount for good, amount in player.supply.items())
    worth += sum(rates.reserve[good] * amount for good, amount in player.reserve.items())
    rounds_left = rule(table, None, "rounds") - table.round
    if rounds_left > 0:
        per_round = rates.per_round_left
        ongoing = (
            per_round["haul"] * haul_size(table, player)
            + per_round["building"] * len(player.buildings)
            + per_round["elder"] * len(player.council)
        )
        worth += rounds_left * ongoing
    return worth


def relative(table: Table, player: Player, rates: Rates | None = None) -> float:
    """The player's worth less the best opponent's: what a player who wants to win maximises. Rounded to PLACES
    decimals, so that positions worth the same compare equal whatever order the float sums took (otherwise a VP
    every option shares, as a card's printed VP, could break a tie the other way)."""
    mine = evaluate(table, player, rates)
    others = [evaluate(table, other, rates) for other in table.players if other is not player]
    return round(mine - max(others, default=0.0), PLACES)


def cost_value(table: Table, player: Player, spec: CardSpec, rates: Rates | None = None) -> float:
    """The cheapest way to pay for the card, priced at the supply rates (gold at its VP, Guests at their
    VP plus rate); a Building the cost discards is valued at one empty space plus the Building rate."""
    rates = rates or load_rates()
    options = spec.costs(Context(table, player))
    paid = prices(table, player, rates)
    return min((option_value(option.parts, paid, table, rates) for option in options), default=0.0)


def prices(table: Table, player: Player, rates: Rates | None = None) -> dict[str, float]:
    """What a unit of each good is worth to the player, in VP: the supply rate, plus what gold and Guests score."""
    rates = rates or load_rates()
    return {
        "wood": rates.supply["wood"],
        "fish": rates.supply["fish"],
        "gold": rule(table, player, "gold_vp") + rates.supply["gold"],
        "guest": float(rule(table, player, "guest_vp_supply")) + rates.supply["guest"],
    }


def option_value(parts: tuple[tuple, ...], prices: dict[str, float], table: Table, rates: Rates) -> float:
    value = 0.0
    for part in parts:
        if part[0] == "goods":
            value += part[1] * prices[part[2]]
        elif part[0] == "return_guests":
            value += part[1] * prices["guest"]
        elif part[0] == "discard_building":
            rounds = rule(table, None, "rounds") - max(table.round, 1) + 1
            value += -rule(table, None, "empty_space_vp") + rounds * rates.per_round_left["building"]
    return value
