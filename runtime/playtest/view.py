"""The table as one seat may see it, as JSON-ready data: what a front end draws, and all it can draw.

A seat sees its own hand by name, every other hand and each deck only as a count, and no deck's order: what a
player at the real table sees. The designer's show-all switch lifts that (every hand by name, each deck in order,
every card of each Elder stack). Scores are worked out live, part by part, for every seat: they are public.
"""

from __future__ import annotations

from typing import Any

from runtime.core.decisions import Decision, DecisionKind, Option
from runtime.core.rules_in_force import capacity, printed_plates
from runtime.examples.answers import action_words
from runtime.mechanics.board import double_of
from runtime.mechanics.scoring import score
from runtime.model.cards import CardSpec
from runtime.model.state import CardInPlay, Player, Table, player_name

Json = dict[str, Any]


def table_view(table: Table, seat: int | None, show_all: bool = False) -> Json:
    """The table as `seat` sees it (None: as an onlooker, who sees no hand); `show_all` shows everything."""
    return {
        "round": table.round,
        "turn": table.turn,
        "stage": table.stage,
        "seat": seat,
        "show_all": show_all,
        "players": [player_view(table, player, show_all or player.index == seat) for player in table.players],
        "boards": boards_view(table, show_all),
    }


def number(value: Any) -> int | float:
    """A score part as JSON has it: a whole number as an int, half a VP as 0.5."""
    return int(value) if value == int(value) else float(value)


def player_view(table: Table, player: Player, sees_hand: bool) -> Json:
    parts = score(table, player)
    spaces = player.harbor.cells
    rows, columns = max(row for row, _ in spaces), max(column for _, column in spaces)
    cells = [cell_view(table, player, row, column) for row in range(1, rows + 1) for column in range(1, columns + 1)]
    return {
        "seat": player.index,
        "name": player.name,
        "supply": dict(player.supply),
        "reserve": dict(player.reserve),
        "harbor": cells,
        "forests": list(player.harbor.forests),
        "ships": [{"type": ship.type, "guest": ship.guest} for ship in player.track.ships],
        "track_cards": [card_view(card) for card in player.track.cards],
        "elders": [card_view(card) for card in player.council],
        "buildings": [card_view(card) for card in player.buildings],
        "hand": [spec.name for spec in player.hand] if sees_hand else None,
        "hand_count": len(player.hand),
        "shares": [share.colour for share in table.shares if share.holder == player.index and not share.removed],
        "workers_placed": workers_placed(table, player),
        "score": {name: number(part) for name, part in parts.items()},
    }


def cell_view(table: Table, player: Player, row: int, column: int) -> Json:
    """One space of the Harbor board: the Reserve, a Building space (its Building, if any), and its double space."""
    cell = (row, column)
    double = double_of(table, cell)
    found: Json = {"row": row, "column": column, "double": None if double is None else double + 1}
    if cell not in player.harbor.cells:  # the board's cells that are no Building space: the Reserve
        found["reserve"] = True
        return found
    card = player.harbor.cells.get(cell)
    found["card"] = None if card is None else card_view(card)
    return found


def card_view(card: CardInPlay) -> Json:
    goods = {good: amount for good, amount in card.goods.items() if amount}
    return {
        "name": card.name,
        "kind": card.spec.kind,
        "goods": goods,
        "worker": None if card.worker is None else player_name(card.worker),
        "under": [below.name for below in card.under],
        "ships": list(card.ships),
    }


def workers_placed(table: Table, player: Player) -> int:
    placed = sum(spaces.count(player.index) for spaces in table.spaces.values())
    on_cards = (card for other in table.players for card in (*other.buildings, *other.council))
    return placed + sum(card.worker == player.index for card in on_cards)


def boards_view(table: Table, show_all: bool) -> Json:
    """The shared boards: action spaces with their Workers, the Banquet Table, the Elder stacks, Ships left, the
    Share board, the building display and the decks."""
    spaces = [
        {
            "name": name,
            "words": action_words(name),
            "capacity": capacity(table, name),
            "workers": [player_name(index) for index in workers],
        }
        for name, workers in table.spaces.items()
    ]
    stacks = []
    for index, stack in enumerate(table.elder_stacks):
        shown = {"stack": index + 1, "count": len(stack), "top": stack[-1].name if stack else None}
        if show_all:
            shown["cards"] = [spec.name for spec in reversed(stack)]
        stacks.append(shown)
    decks: Json = {letter: {"count": len(deck)} for letter, deck in table.decks.items()}
    if show_all:
        for letter, deck in table.decks.items():
            decks[letter]["cards"] = [spec.name for spec in reversed(deck)]  # the next card drawn first
    return {
        "spaces": [space for space in spaces if space["capacity"] or space["workers"]],
        "plates": [{"plate": index + 1, "size": size, "fish": fish} for index, (size, fish) in plate_rows(table)],
        "elder_stacks": stacks,
        "ships_left": dict(table.ships_left),
        "shares": [share.colour for share in table.shares if share.on_board],
        "display": [spec.name for spec in table.display],
        "decks": decks,
    }


def plate_rows(table: Table) -> list[tuple[int, tuple[int, int]]]:
    return list(enumerate(zip(printed_plates(table), table.plates, strict=True)))


def option_place(decision: Decision, option: Option) -> Json | None:
    """The place on the table an option names, for a front end to point at: a Harbor space of the player asked,
    an action space, a plate, a double space or a card; None for an option that names none."""
    value, kind = option.value, decision.kind
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(part, int) for part in value):
        return {"player": decision.player, "cell": list(value)}
    if isinstance(value, CardInPlay):
        return {"card": value.name, "player": value.owner.index}
    if isinstance(value, CardSpec):
        return {"card": value.name}
    if isinstance(value, bool):
        return None
    if kind in (DecisionKind.ACTION, DecisionKind.IMITATE) and isinstance(value, str):
        return {"space": value}
    if kind in (DecisionKind.PLATE, DecisionKind.SERVE_PLATE) and isinstance(value, int):
        return {"plate": value + 1}
    if kind in (DecisionKind.DOUBLE_SPACE, DecisionKind.FOREST) and isinstance(value, int):
        return {"player": decision.player, "double": value + 1}
    return None
