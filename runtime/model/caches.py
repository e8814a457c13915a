"""What the engine works out once instead of on every look-up: the speed shortcuts of the table, in two objects of
named values, each value's home written beside it.

- `Bases` (Table.bases): what follows from a table's rules and player count alone. Made once for every table of the
  same two (`Rules.bases`), read by all of them, never forgotten.
- `Derived` (Table.derived): what follows from the cards in play. Forgotten, explicitly, where what is in play
  changes: a list of cards in play (a Player's council and buildings, the Table's players: an `InPlayList`, see
  runtime/model/journal.py) changes, or a card's rules are declined (runtime/core/rules_in_force.py
  `withdraw_rules`); and forgotten again when such a change is undone (the journal records the forgetting). The
  values made from the cards in play that have rules stand while only cards without rules come and go (most cards:
  a Building built, an Elder taken or discarded).

Each shortcut here pays more than 5% of a random game (measured with `python -m tests.benchmarks.versus`; see
docs/speed.md).
"""

from __future__ import annotations

from typing import Any

NEVER = -1  # Derived.latches_checked when no check found every pending latch false since the cards last changed


class Bases:
    """What a table's rules and player count alone decide, shared by every table of the same two (see for_players)."""

    __slots__ = ("parameters", "unscoped", "capacities", "double_sizes", "haul_rows", "ship_prices")

    def __init__(self) -> None:
        # parameter -> (its scope keyword or "", its base value, whether every player's cards change it) (base_of)
        self.parameters: dict[str, tuple[str, Any, bool]] = {}
        self.unscoped: dict[str, Any] | None = None  # unscoped parameter -> its base value (unscoped_bases)
        # (space -> its capacity parameter, space -> base capacity, the parameters) (rules_in_force.base_capacities)
        self.capacities: tuple[dict[str, str], dict[str, int], frozenset[str]] | None = None
        self.double_sizes: tuple[int, ...] | None = None  # Building spaces of each double space (double_sizes)
        self.haul_rows: dict[
            int, int | None
        ] = {}  # total Ship length -> its haul table row (rules_in_force.usual_haul)
        self.ship_prices: dict[str, Any] = {}  # Ship type -> (its base cost, what that totals) (ships.base_price)

    def __deepcopy__(self, memo: dict) -> Bases:
        return self  # shared by every table of the same rules and player count: a copied table shares it too

    @staticmethod
    def for_players(bases: dict[int, Bases], players: int) -> Bases:
        """The Bases of a player count in a Rules' `bases`, made at its first table."""
        found = bases.get(players)
        if found is None:
            found = bases[players] = Bases()
        return found


class Derived:
    """What the engine works out from the cards in play, kept until they change (see the module docstring): each
    None until worked out (the latch check's notes NEVER and False). The first four follow from every card in play;
    the rest from the cards in play that have rules, so they stand while cards without rules come and go."""

    __slots__ = (
        "card_contexts",  # card -> the Context its owner acts in on it (runtime/core/events.py card_contexts)
        "letters",  # seat -> letter -> how many of its Buildings bear it (runtime/library/counts.py)
        "latches_checked",  # the action depth every pending latch was found false at; None: any (check_latches)
        "action_asked",  # a condition asked whether an action is running (events.action_running)
        "rule_changes",  # parameter -> the cards in play that change it (runtime/core/rules_in_force.py)
        "rule_values",  # every unscoped parameter no card changes -> its value (rules_in_force.rule_values)
        "capacities",  # action space -> its capacity, while no card changes one (rules_in_force.capacities)
        "space_entries",  # the spaces as turn options with their Workers and room (runtime/game/actions.py)
        "buried",  # seat -> whether a card may put its Buildings under Forests (runtime/mechanics/board.py)
    )

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """Every card in play may have changed, one with rules among them."""
        self.forget_cards()
        self.rule_changes = self.rule_values = self.capacities = self.space_entries = self.buried = None

    def forget_cards(self) -> None:
        """Cards without rules came or went: what the cards with rules give stands."""
        self.card_contexts = self.letters = None
        self.latches_checked = NEVER
        self.action_asked = False
