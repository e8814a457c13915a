"""What the engine works out once instead of on every look-up, in two objects of named values, each value's home
written beside it. A shortcut stays only where it pays more than 5% of a random game (docs/speed.md).

- `Bases` (Table.bases): what a table's rules and player count alone decide, made once a table (set-up), never
  forgotten (taking it out costs a game 46% more instructions).
- `Derived` (Table.derived): the rule index, what the cards in play that have rules change (taking it out costs a
  game 56% more instructions). Forgotten, explicitly, where what is in play changes: a list of cards in play (a
  Player's council and buildings, the Table's players: an `InPlayList`, runtime/model/journal.py) changes, or a
  card's rules are declined (runtime/core/rules_in_force.py `withdraw_rules`); and forgotten again when such a
  change is undone (the journal records the forgetting, so Derived lives on the journal).

Two smaller ones pay together, both asked on every worker turn: each action space's turn Option (Bases, 4.5% of a
game's instructions) and the seats owning an "at any time" ability (Derived, with the moment between turns skipped
for a player with nothing to do there: 3.1%).
"""

from __future__ import annotations

from typing import Any


class Bases:
    """What a table's rules and player count alone decide, worked out once a table, never forgotten."""

    __slots__ = ("parameters", "unscoped", "capacities", "double_sizes", "haul_rows", "ship_prices", "space_options")

    def __init__(self) -> None:
        # parameter -> (its scope keyword or "", its base value, whether every player's cards change it) (table_base)
        self.parameters: dict[str, tuple[str, Any, bool]] = {}
        self.unscoped: dict[str, Any] | None = None  # unscoped parameter -> its base value (unscoped_bases)
        # (space -> its capacity parameter, space -> base capacity, the parameters) (rules_in_force.base_capacities)
        self.capacities: tuple[dict[str, str], dict[str, int], frozenset[str]] | None = None
        self.double_sizes: tuple[int, ...] | None = None  # Building spaces of each double space (double_sizes)
        self.haul_rows: dict[
            int, int | None
        ] = {}  # total Ship length -> its haul table row (rules_in_force.usual_haul)
        self.ship_prices: dict[str, Any] = {}  # Ship type -> (its base cost, what that totals) (ships.base_price)
        self.space_options: dict[str, Any] | None = None  # action space -> its turn Option (actions.open_space_options)

    def __deepcopy__(self, memo: dict) -> Bases:
        return self  # a copied table has the same rules and player count


class Derived:
    """What the engine works out from the cards in play that have rules, kept until what is in play changes (see the
    module docstring): each None until worked out."""

    __slots__ = (
        "rule_changes",  # parameter -> the cards in play that change it (runtime/core/rules_in_force.py rule_index)
        "rule_values",  # every unscoped parameter no card changes -> its value (rules_in_force.rule_values)
        "any_time_owners",  # the seats owning a Building with an "at any time" ability (in_play.any_time_owners)
    )

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        self.rule_changes = self.rule_values = self.any_time_owners = None
