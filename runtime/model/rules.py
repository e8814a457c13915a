"""The table data from rules.toml, loaded once into frozen dataclasses so nothing mutates it mid-game."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class ShipType:
    name: str
    cost: dict[str, int]
    vp: int
    length: int


@dataclass(frozen=True)
class DoubleSpace:
    cells: tuple[tuple[int, int], ...]
    forests: int


@dataclass(frozen=True)
class Rules:
    rounds: int
    workers: int
    wood_limit: int
    reserve_fish_limit: int
    elder_seats: int
    guest_wood: int
    guest_fish: int
    reforest_forests: int
    elder_discard_at: int
    elder_discard_to_supply: int
    issue_share_gold: int
    share_price: int
    shares_per_player: int
    shares_issued_at_start: int
    plate_gold: int
    guest_vp_supply: Fraction
    guest_vp_ship: int
    empty_space_vp: int
    unissued_share_vp: int
    issued_share_vp: int
    gold_vp: int
    deforest_wood: int
    thin_out_wood_per_forest: int
    thin_out_min_wood: int
    imitation_players: tuple[int, ...]
    c_cards_round: int
    c_cards_per_player: int
    display_a: int
    display_b: int
    share_discount: tuple[tuple[int, int], ...]
    start: dict[str, int]
    plates: tuple[int, ...]
    catboat_haul: int
    catboat_length: int
    track_spaces: int
    track_building_spaces: int
    card_ship_types: tuple[str, ...]
    ships_per_type: tuple[int, ...]
    ships: dict[str, ShipType]
    haul_table: tuple[tuple[int, int], ...]
    harbor_rows: int
    harbor_columns: int
    reserve_cells: frozenset[tuple[int, int]]
    middle_columns: tuple[int, ...]
    doubles: tuple[DoubleSpace, ...]
    capacities: dict[str, tuple[int, ...]]
    elder_stacks: int

    def capacity(self, space: str, players: int) -> int:
        return self.capacities[space][players - 1]

    def haul_for_length(self, length: int) -> int:
        haul = self.catboat_haul
        for lowest, value in self.haul_table:
            if length >= lowest:
                haul = value
        return haul

    def share_cost(self, shares: int, round_number: int) -> int:
        discount = max((d for start, d in self.share_discount if round_number >= start), default=0)
        return max(0, shares * self.share_price - discount)

    def building_cells(self) -> list[tuple[int, int]]:
        return [
            (r, c)
            for r in range(1, self.harbor_rows + 1)
            for c in range(1, self.harbor_columns + 1)
            if (r, c) not in self.reserve_cells
        ]


def cells(raw: list) -> tuple[tuple[int, int], ...]:
    return tuple((int(r), int(c)) for r, c in raw)


def parse(data: dict) -> Rules:
    scalars = {f.name: data[f.name] for f in fields(Rules) if f.type == "int" and f.name in data}
    harbor = data["harbor"]
    return Rules(
        **scalars,
        guest_vp_supply=Fraction(data["guest_vp_supply"]),
        imitation_players=tuple(data["imitation_players"]),
        share_discount=tuple((d["from_round"], d["discount"]) for d in data["share_discount"]),
        start=dict(data["start"]),
        plates=tuple(data["banquet"]["plates"]),
        catboat_haul=data["catboat"]["haul"],
        catboat_length=data["catboat"]["length"],
        track_spaces=data["fishing_track"]["spaces"],
        card_ship_types=tuple(data["fishing_track"]["card_ship_types"]),
        track_building_spaces=data["fishing_track"]["building_spaces"],
        ships_per_type=tuple(data["fishing_track"]["ships_per_type"]),
        ships={name: ShipType(name, dict(s["cost"]), s["vp"], s["length"]) for name, s in data["ships"].items()},
        haul_table=tuple((low, haul) for low, haul in data["haul_table"]),
        harbor_rows=harbor["rows"],
        harbor_columns=harbor["columns"],
        reserve_cells=frozenset(cells(harbor["reserve_cells"])),
        middle_columns=tuple(harbor["middle_columns"]),
        doubles=tuple(DoubleSpace(cells(d["cells"]), d["forests"]) for d in harbor["double"]),
        capacities={name: tuple(caps) for name, caps in data["spaces"].items()},
        elder_stacks=data["elders"]["stacks"],
    )


@cache
def load_rules() -> Rules:
    text = resources.files("runtime").joinpath("rules.toml").read_text(encoding="utf-8")
    return parse(tomllib.loads(text))
