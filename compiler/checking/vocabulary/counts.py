"""Counts and facts: the numbers a condition, amount or VP formula can use, and the truths a condition can
test, with the families declared once for every other player and for even and odd."""

from __future__ import annotations

import re

from compiler.checking.vocabulary.entries import (
    SHIP_TYPES,
    Count,
    Slot,
)
from compiler.plain import Plain
from runtime.model.rules import load_rules

# Counts: numbers a condition, amount or VP formula can use ---------------------------------


def most_ships(only: str = "") -> int:
    """The most Ships (of one type, or of any) a Fishing track holds under rules.toml at any player count: the
    shortest first, as many as the supply board has of each, while the track's spaces last. A printed range counts
    Ships this way (Harbor Grill's "1-7 VP")."""
    rules = load_rules()
    spaces = rules.default(("fishing_track", "spaces"))
    kinds = sorted((rules.default(("ships", kind, "length")), kind) for kind in SHIP_TYPES if not only or kind == only)
    most = 0
    for supply in rules.default(("fishing_track", "ships_per_type")):
        left, placed = spaces, 0
        for length, _ in kinds:
            fitting = min(supply, left // length) if length else supply
            placed, left = placed + fitting, left - fitting * length
        most = max(most, placed)
    return most


WOOD_LIMIT = (("wood", "wood_limit"),)  # the personal supply's limit, which bounds its wood

COUNTS = (
    Count(
        "{good} in supply",
        "good_in_supply",
        "the number of {good} in your personal supply",
        settable=True,
        limited_by=WOOD_LIMIT,
    ),
    Count(
        "{good} in supply before paying",
        "good_in_supply_before_paying",
        "the number of {good} in your personal supply (counted before you pay for this Building while you build it)",
        per_player=False,
        limited_by=WOOD_LIMIT,
    ),
    Count(
        "{good} in reserve",
        "good_in_reserve",
        "the number of {good} in your Reserve",
        settable=True,
        limited_by=(("fish", "reserve_fish_limit"),),
    ),
    Count(
        "{good} on this building",
        "good_on_card",
        "the number of {good} on this Building",
        settable=True,
        onto_card="good",
        on_card=True,
        per_player=False,
    ),
    Count("goods in supply", "goods_in_supply", "the total number of goods (wood, fish, gold) in your personal supply"),
    Count("elders", "elders", "the number of Elders in your Elder Council", settable=True),
    Count("elders without fish", "elders_without_fish", "the number of Elders in your Elder Council without any fish"),
    Count("free elder seats", "free_elder_seats", "the number of free seats in your Elder Council"),
    Count(
        "forests on this building",
        "forests_on_card",
        "the number of Forests on top of this Building",
        on_card=True,
        per_player=False,
    ),
    Count(
        "elders under this building",
        "elders_under_card",
        "the number of Elders underneath this Building",
        on_card=True,
        per_player=False,
    ),
    Count(
        "visible elders",
        "visible_elders",
        "the number of visible Elders on the Ships and Elders supply board",
        per_player=False,
    ),
    Count(
        "workers on elders",
        "workers_on_elders",
        "the number of Workers on Elders in your Elder Council (of any color)",
    ),
    Count(
        "elders used this round",
        "elders_used_this_round",
        "the number of times you have used an Elder this Round so far (each use counts, even of the same Elder)",
    ),
    Count("forests", "forests", "the number of Forests on your Harbor board", settable=True),
    Count(
        "forested double spaces",
        "forested_double_spaces",
        "the number of forested double spaces on your Harbor board",
        bounds=(0, len(load_rules().doubles)),
    ),
    Count(
        "double spaces with stacked forests",
        "stacked_double_spaces",
        "the number of double spaces on your Harbor board holding at least 2 Forests",
        bounds=(0, len(load_rules().doubles)),
    ),
    Count(
        "forests in middle columns",
        "forests_in_middle_columns",
        "the number of Forests covering only Building spaces in the middle two columns of your Harbor board",
    ),
    Count("buildings", "buildings", "the number of Buildings on your Harbor board"),
    Count("{letter} buildings", "buildings_of_letter", 'the number of "{letter}" Buildings on your Harbor board'),
    Count("empty building spaces", "empty_building_spaces", "the number of empty Building spaces on your Harbor board"),
    Count(
        "forest covered building spaces",
        "forest_covered_spaces",
        "the number of Building spaces covered by Forest (a Building that counts as a Forest covers its own space)",
    ),
    Count(
        "building squares of 3 by 3",
        "building_squares",
        "the number of 3-by-3 rectangles of Buildings on your Harbor board (9 Buildings over 3 rows and 3 columns; "
        "8 or fewer Buildings never make one)",
    ),
    Count("haul size", "haul_size", "your haul size"),
    Count("ships", "ships", "the number of Ships on your Fishing track", bounds=(0, most_ships())),
    Count(
        "ships with catboat",
        "ships_with_catboat",
        "the number of Ships on your Fishing track, including the preprinted catboat",
        bounds=(1, most_ships() + 1),
    ),
    Count(
        "{ship}",
        "ships_of_type",
        "the number of {ship}s on your Fishing track",
        settable=True,
        bounds=(0, max(most_ships(kind) for kind in SHIP_TYPES)),
    ),
    Count("missing ship types", "missing_ship_types", "the number of Ship types missing from your Fishing track"),
    Count("guests on ships", "guests_on_ships", "the number of Guests on your Ships", settable=True),
    Count("free fishing spaces", "free_fishing_spaces", "the number of free spaces on your Fishing track"),
    Count(
        "filled fishing gap",
        "filled_fishing_gap",
        "the number of gap spaces on your Fishing track that count as filled",
    ),
    Count(
        "printed ship values on this building",
        "ship_values_on_card",
        "the sum of printed values of the Ships on this Building",
        on_card=True,
        per_player=False,
    ),
    Count(
        "fish on plates",
        "fish_on_plates",
        "the number of fish on plates of the Banquet Table",
        settable=True,
        per_player=False,
    ),
    Count("issued shares in supply", "issued_shares_in_supply", "the number of issued Shares in your personal supply"),
    Count(
        "own issued shares in supply",
        "own_issued_shares_in_supply",
        "the number of issued Shares of your color in your personal supply",
    ),
    Count(
        "round",
        "round_number",
        "the current Round",
        settable=True,
        bounds=(1, load_rules().default(("rounds",))),
        per_player=False,
    ),
    Count("worker turn", "worker_turn", "the number of your current Worker's turn", settable=True),
    # Read and set only in worked examples
    Count(
        "{ship} on supply board",
        "ships_on_supply_board",
        "the number of {ship}s left on the Ships and Elders supply board",
        settable=True,
        example_only=True,
    ),
    Count(
        "fish on elder {elder:name}",
        "fish_on_named_elder",
        "the number of fish on the {elder} Elder in your Elder Council (setting it seats that Elder)",
        settable=True,
        example_only=True,
    ),
    Count(
        "issued shares of player {player:amount} in supply",
        "shares_of_player_in_supply",
        "the number of issued Shares of player {player}'s color in your personal supply",
        settable=True,
        example_only=True,
    ),
    Count(
        "own shares on share board",
        "own_shares_on_board",
        "the number of issued Shares of your color on the Share board",
        settable=True,
        example_only=True,
    ),
    Count(
        "own unissued shares",
        "own_unissued_shares",
        "the number of Shares of your color still unissued",
        example_only=True,
    ),
    Count("score", "score_total", "your final score, all parts added up", example_only=True),
    Count("vp of {building:name}", "vp_of_card", "the VP of the {building} in play", example_only=True),
) + tuple(
    Count(f"score from {part}", "score_part", f"the VP your {part} score at the end", args=(key,), example_only=True)
    for part, key in (
        ("buildings", "buildings"),
        ("ships", "ships"),
        ("gold", "gold"),
        ("shares", "shares"),
        ("empty building spaces", "empty_spaces"),
        ("guests", "guests"),
    )
)


class CountFamily(Plain):
    """A phrase made of any count of a kind, declared once: it gives one entry for each such count (`family_entries`)
    and one line in `nus vocab`. `pattern` holds COUNT where the count's words go; `english` holds {count} for the
    count's English (said of another player in an `others` family: "your" reads "their"), {measure} for it as a
    measure ("number of Elders in their Elder Council", "value of their haul size")."""

    __slots__ = ("pattern", "impl", "english", "result", "others", "bounds")

    def __init__(
        self,
        pattern: str,
        impl: str,
        english: str,
        result: str = "number",
        others: bool = False,
        bounds: str = "count",
    ) -> None:
        self.pattern = pattern
        self.impl = impl
        self.english = english
        self.result = result
        # read for each other player: only counts of the player's own things (Count.per_player)
        self.others = others
        # "count": the count's own; "open": 0 or more; "players": 0 to the other players' number
        self.bounds = bounds

    def entry(self, count: Count) -> Count:
        english = their(count.english) if self.others else count.english
        measure = english.removeprefix("the ") if english.startswith("the number of ") else f"value of {english}"
        most = load_rules().default(("most_players",)) - 1
        bounds = {"count": count.bounds, "open": (0, None), "players": (0, most)}[self.bounds]
        return Count(
            self.pattern.replace("COUNT", count.pattern),
            self.impl,
            self.english.replace("{count}", english).replace("{measure}", measure),
            args=(count.impl, *count.args),
            result=self.result,
            bounds=bounds,
            per_player=False,
        )

    def takes(self, count: Count) -> bool:
        """Whether the family is made of this count: a number any card may read, its slots all words or names (an
        amount slot cannot be passed on), and for an `others` family one of the player's own things."""
        return (
            count.result == "number"
            and not count.example_only
            and not count.event_only
            and not any(isinstance(element, Slot) and element.type == "amount" for element in count.elements)
            and (count.per_player or not self.others)
        )


def their(english: str) -> str:
    """A count's English said of another player: "the number of Elders in your Elder Council" -> "... their ..."."""
    return re.sub(r"\byour\b", "their", english)


COUNT_FAMILIES = (
    CountFamily(
        "most COUNT among other players",
        "most_among_others",
        "the highest {measure} among the other players",
        others=True,
    ),
    CountFamily(
        "fewest COUNT among other players",
        "fewest_among_others",
        "the lowest {measure} among the other players",
        others=True,
    ),
    CountFamily(
        "total COUNT among other players",
        "total_among_others",
        "{count}, added up over all the other players",
        others=True,
        bounds="open",
    ),
    CountFamily(
        "other players with COUNT",
        "others_with",
        "the number of other players for whom {count} is at least 1",
        others=True,
        bounds="players",
    ),
    CountFamily("COUNT is even", "is_even", "{count} is even", result="truth"),
    CountFamily("COUNT is odd", "is_odd", "{count} is odd", result="truth"),
)


def family_entries(result: str) -> tuple[Count, ...]:
    return tuple(
        family.entry(count)
        for family in COUNT_FAMILIES
        if family.result == result
        for count in COUNTS
        if family.takes(count)
    )


FACTS = (
    Count("during an action", "during_action", "you are in the middle of an action", result="truth"),
    Count("another player did it", "by_another_player", "another player did it", result="truth", event_only=True),
    Count(
        "elder {elder:name} has left the supply board",
        "elder_left_supply",
        "the {elder} Elder has been taken from the Ships and Elders supply board and is no longer on it",
        result="truth",
    ),
)

OTHER_PLAYERS = family_entries("number")  # counts over the other players
PARITY = family_entries("truth")  # even and odd
