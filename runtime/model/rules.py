"""The table data from rules.toml, loaded once into a frozen dataclass so nothing mutates it mid-game.

Game values are read only through the rule look-up (`runtime.core.rules_in_force`), which starts from the defaults this
module finds at each parameter's path; what is here besides is the printed shape of the boards and the player counts
the game is for (which tables there are, read by set-up, the checker and the command line)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from runtime.model.data import RULES, data, depends_on_data


@dataclass(frozen=True)
class DoubleSpace:
    cells: tuple[tuple[int, int], ...]
    forests: int


@dataclass(frozen=True)
class Rules:
    data: dict[str, Any] = field(repr=False)
    ship_types: tuple[str, ...]
    haul_table: tuple[tuple[int, int], ...]
    share_discount: tuple[tuple[int, int], ...]
    plates: tuple[int, ...]
    reserve_cells: frozenset[tuple[int, int]]
    middle_columns: tuple[int, ...]
    doubles: tuple[DoubleSpace, ...]
    space_names: tuple[str, ...]
    player_counts: tuple[int, ...]  # the tables there are: 1 to most_players players
    found: dict[tuple[str | int, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    starts: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)  # see setup.start_of

    def __post_init__(self) -> None:
        """`double_at`: which double space each Building space lies in (the board never changes; a latch asks after
        every event), worked out once. Written with object.__setattr__, not as a cached_property, which writes
        through __dict__ and so makes every attribute read on the rules slower (see runtime/model/journal.py). A space
        lies in one double space at most."""
        index: dict[tuple[int, int], int] = {}
        for i, double in enumerate(self.doubles):
            for cell in double.cells:
                if cell in index:
                    raise ValueError(f"rules.toml: Building space {cell} lies in two double spaces")
                index[cell] = i
        object.__setattr__(self, "double_at", index)

    def default(self, path: tuple[str | int, ...]) -> Any:
        """The value rules.toml gives at `path`; a string such as "1/2" is an exact fraction. Remembered: the rule
        look-up asks on every move."""
        if path not in self.found:
            self.found[path] = self.read(path)
        return self.found[path]

    def read(self, path: tuple[str | int, ...]) -> Any:
        value: Any = self.data
        for key in path:
            value = value[key]
        if isinstance(value, str):
            return Fraction(value)
        return tuple(value) if isinstance(value, list) else value


def cells(raw: list) -> tuple[tuple[int, int], ...]:
    return tuple((int(r), int(c)) for r, c in raw)


def parse(data: dict) -> Rules:
    harbor = data["harbor"]
    return Rules(
        data=data,
        ship_types=tuple(data["ships"]),
        haul_table=tuple((low, haul) for low, haul in data["haul_table"]),
        share_discount=tuple((d["from_round"], d["discount"]) for d in data["share_discount"]),
        plates=tuple(data["banquet"]["plates"]),
        reserve_cells=frozenset(cells(harbor["reserve_cells"])),
        middle_columns=tuple(harbor["middle_columns"]),
        doubles=tuple(DoubleSpace(cells(d["cells"]), d["forests"]) for d in harbor["double"]),
        space_names=tuple(data["spaces"]),
        player_counts=tuple(range(1, data["most_players"] + 1)),
    )


@depends_on_data
@cache
def rules_data() -> dict[str, Any]:
    """The package's rules.toml, with a project's over it (runtime.model.data)."""
    return data(RULES)


@depends_on_data
@cache
def load_rules() -> Rules:
    return parse(rules_data())


def player_counts() -> tuple[int, ...]:
    """The player counts the game is for, from rules.toml: what a card's `players` line and `--players` may name."""
    return load_rules().player_counts
