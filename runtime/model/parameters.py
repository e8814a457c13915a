"""Every rule parameter of the game, declared once: the name cards set it by and the runtime looks it up by, the words
a card writes after `rule`, what it means in English, and where `rules.toml` holds its default.

`rules.toml` is the only home of default values; this module says only where to find them. The compiler's
vocabulary builds its `rule` phrases from these objects and the runtime's look-up
(`runtime.core.rules_in_force.rule`) reads them, so a card cannot set a parameter the runtime does not look up, and
neither side keeps a default of its own.

Kinds of parameter:
- a number or a truth (a switch a card turns on), read from `path` in rules.toml;
- `by_player_count`: rules.toml gives one value per player count (index 0 = 1 player); this table's count applies;
- `usual`: a scoped parameter whose base value is worked out from structured data at `path` (the haul table, the
  printed plates, the Share discounts) and handed to the look-up under this keyword; a card rewrites it as a whole,
  e.g. `rule plate cost = printed plate cost / 2 rounded up`;
- `reach`: "player" looks at the player's own cards, "table" at every player's cards (values the whole table shares,
  such as the number of Rounds; ruling: a card's table-wide rule holds for everyone);
- `setup_only`: read while the table is set up, before any card can be in play (ruling: a card in play changes what
  the look-up gives, not the table already set up);
- `bears_on`: the events whose outcome the parameter changes (what a Guest pays of a cost decides how many Guests
  go back), read by the reference's interactions: a card hearing such an event interacts with a card changing it;
- `sets_off`: the events a card with this rule sets off (building it is a "Build a Ship" action), and
  `bears_on_rules`: the parameters of other cards whose effect it changes (the Ghost Ship's gap may count a Building
  placed on the Fishing track as a Ship), and `bears_on_counts`: the counts it decides how a card with it counts in
  (a Building on the Fishing track is on the Harbor board's `buildings`, on no Building space), all read by the
  reference's interactions as `bears_on` is;
- `least`: the smallest value a number may take (None: any, as a VP value may be negative). The checker refuses a
  card's value that is below it whatever the table holds; a value worked out from the table that comes out below it
  counts as `least` (ruling: the look-up holds each card's change to the range, `runtime.core.rules_in_force.rule`).
- `most`: the largest, held the same way (None: no bound), from rules.toml's [most] (BOUNDS): the numbers that set
  how long a game lasts have one, so a card's rule that multiplies them (`rule worker turns = (worker turns) *
  (worker turns)`, built by several players) cannot make a game of thousands of turns.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from runtime.model.data import depends_on_data
from runtime.model.declarations import BUILD_SHIP, RETURN_GUEST
from runtime.model.rules import rules_data

NUMBER, TRUTH = "number", "truth"
# The keyword (runtime.core.rules_in_force passes it as `before=`) under which a card's rule receives its
# parameter's value before the card's own change: inside
# `rule X = EXPR`, `X` means that value, so cards stack (`rule haul size = haul size + 1` twice adds 2).
BEFORE = "before"


@dataclass(frozen=True)
class Parameter:
    """One rule parameter; the module docstring explains each field."""

    name: str
    words: str
    english: str
    path: tuple[str | int, ...]
    result: str = NUMBER
    reach: str = "player"
    setup_only: bool = False
    by_player_count: bool = False
    usual: str = ""
    scope: dict[str, tuple[str, str]] = field(default_factory=dict, hash=False)  # quantity words -> (attr, type)
    phrases: dict[str, str] = field(default_factory=dict, hash=False)  # scope attr -> its English in the reference
    english_off: str = ""  # a switch: its English when a card turns it off (`rule WORDS = off`)
    least: int | None = 0  # a number's smallest value; None: unbounded (VP values), and for a switch
    most: int | None = None  # a number's largest value (rules.toml's [most]); None: unbounded
    # A number: its English for a change relative to the value in force (`rule X = X + 1`), going up and going down;
    # {amount} is the change, {s} the plural ending of the noun it counts. Empty: the reference words it from
    # `english` (compiler/backends/render.py, relative_english).
    change: tuple[str, str] = ()
    onto_card: str = ""  # a switch that lets this good land on the card that sets it (bounds `GOOD on this building`)
    bears_on: tuple[str, ...] = ()  # the names of the events whose outcome it changes
    sets_off: tuple[str, ...] = ()  # the names of the events a card with it sets off (built as a Build a Ship action)
    bears_on_rules: tuple[str, ...] = ()  # the parameters of other cards whose effect it changes
    bears_on_counts: tuple[str, ...] = ()  # the counts it decides how a card with it counts in (see the docstring)


def number(name: str, words: str, english: str, path: tuple[str, ...] = (), **options) -> Parameter:
    return Parameter(name, words, english, path or (name,), **options)


def vp(name: str, words: str, english: str, path: tuple[str, ...] = ()) -> Parameter:
    """A VP value: any number, a penalty below 0 included."""
    return number(name, words, english, path, least=None)


def scoped(name: str, english: str, path: tuple[str, ...], usual: tuple[str, str, str], **options) -> Parameter:
    """A parameter whose base value its caller works out from structured data: `usual` is (the keyword the caller
    hands it under, the words a card's rule reads it by, its English in the reference)."""
    keyword, scope_words, phrase = usual
    return number(
        name,
        name.replace("_", " "),
        english,
        path,
        usual=keyword,
        scope={scope_words: (keyword, NUMBER)},
        phrases={keyword: phrase},
        **options,
    )


def switch(name: str, words: str, english: str, english_off: str, **options) -> Parameter:
    """A rule a card turns on (`rule WORDS`) or off (`rule WORDS = off`); rules.toml keeps it off in [card_rules]."""
    return Parameter(
        name, words, english, ("card_rules", name), result=TRUTH, english_off=english_off, least=None, **options
    )


def card_number(name: str, words: str, english: str) -> Parameter:
    """A number only a card's rule uses; rules.toml keeps its base-game value in [card_rules]."""
    return Parameter(name, words, english, ("card_rules", name))


def setup(name: str, words: str, english: str, path: tuple[str, ...] = (), **options) -> Parameter:
    return number(name, words, english, path, setup_only=True, **options)


# The rules cards of the base set use, in the order the reference lists them.
CARD_RULES = (
    number("wood_limit", "wood limit", "your personal supply holds up to {value} wood instead of the usual {default}"),
    number(
        "elder_seats",
        "elder seats",
        "your Elder Council has {value} seats",
        change=("you have {amount} more Elder seat{s}", "you have {amount} fewer Elder seat{s}"),
    ),
    scoped(
        "plate_cost",
        'each time you take a "Serve Fish" action, each plate you fill with fish costs {value}',
        ("banquet", "plates"),
        ("printed", "printed plate cost", "the fish printed on it"),
    ),
    number(
        "guest_wood",
        "guest wood value",
        "each Guest reduces a Building cost by {value} wood instead of {default}",
        bears_on=(RETURN_GUEST.name,),
    ),
    number(
        "guest_fish",
        "guest fish value",
        "each Guest reduces a Building cost by {value} fish instead of {default}",
        bears_on=(RETURN_GUEST.name,),
    ),
    card_number(
        "reforest_up_to",
        "reforest forests up to",
        'each time you take a "Reforest" action, you may place the usual number of Forests or any number from 1 '
        "up to {value}, all on the same double space",
    ),
    switch(
        "swap_distribution",
        "distribution may swap steps 1 and 3",
        "each time you distribute fish (in the Fishing Phase or for an Elder), you may swap steps 1 and 3 of the "
        "distribution order: first place fish on the issued Shares of your color in your personal supply, and 1 "
        "fish for each Guest on your Ships, then on your Shares held by other players, and only then on your "
        "Elders; the rest goes into your Reserve and any excess into the general supply, as normal",
        "you may not swap steps 1 and 3 of the fish distribution order",
    ),
    switch(
        "discard_to_reserve",
        "elder discard may go to reserve",
        "each time an Elder discards 3 fish, instead of moving 1 fish into your personal supply and 2 into the general "
        "supply, you may move 1 into your personal supply, 1 into your Reserve and the third into the general supply",
        "when an Elder of yours discards 3 fish, none of them may go into your Reserve",
    ),
    switch(
        "discard_to_card",
        "elder discard may go to this building",
        "each time an Elder discards 3 fish, the fish that would go into your personal supply "
        "may go onto this Building instead",
        "when an Elder of yours discards 3 fish, none of them may go onto this Building",
        onto_card="fish",
    ),
    switch(
        "built_over",
        "may be built over",
        "when you build a Building, you may build it over this one: this one leaves play and the new Building takes "
        "its space",
        "no Building may be built over this one",
    ),
    switch(
        "under_forests",
        "placed under stacked forests",
        "this Building goes on a Building space covered by at least two Forests, underneath them; as long as "
        "Forests cover it, it does not count as one of your Buildings",
        "this Building does not go under stacked Forests",
    ),
    switch(
        "on_fishing_track",
        "placed on fishing track",
        "this Building goes on your Fishing track to the right of your Ships, as though it were a Ship: the spaces "
        "it takes count for the haul, but it is no Ship",
        "this Building does not go on your Fishing track",
        bears_on_counts=("buildings", "buildings_of_letter"),
    ),
    switch(
        "ship_action",
        "built as a build a ship action",
        'building this Building is a "Build a Ship" action: what happens before one happens before its cost is paid, '
        "so what that brings may pay for it, and what happens after one happens once it is placed",
        'building this Building is not a "Build a Ship" action',
        sets_off=(BUILD_SHIP.name,),
    ),
    number(
        "track_spaces_taken",
        "fishing spaces taken",
        "on the Fishing track this Building takes {value} spaces",
        ("fishing_track", "building_spaces"),
    ),
    switch(
        "is_forest",
        "counts as forest",
        'this Building also counts as a Forest, e.g. for a "Thin Out" action, and may be removed in place of a Forest, '
        'e.g. in a "Deforest" action',
        "this Building does not count as a Forest",
    ),
    switch(
        "ships_to_card",
        "sloops and cutters may go to this building",
        "each time you build a sloop or cutter, you may place it on this Building instead of your Fishing track, "
        "for good; there it does not count as a Ship (no Ship score, no Guest on it) but adds 1 to your haul size",
        "no Ship may be placed on this Building",
    ),
    card_number(
        "fishing_gap",
        "fishing track gap",
        "move the rightmost Ship on your Fishing track {value} spaces to the right; the gap to its left counts as "
        "filled and always stays just left of your rightmost Ship. This has no effect (for the time being) while "
        "there are no Ships on your Fishing track or fewer than {value} free spaces left. You may decline this "
        "effect for good (the Ship moves back and the gap is gone); you are asked whenever the gap's spaces would "
        "matter: to build an actual Ship in the gap, to put wood on free spaces, or for a Building's requirement",
    ),
    switch(
        "gap_counts_track_buildings",
        "fishing track gap may count track buildings as ships",
        "for the purposes of this effect only, you may consider a Building on your Fishing track a Ship: you choose "
        "once, when this Building or that Building is built while no Ship is on your Fishing track",
        "for the purposes of this effect only, a Building on your Fishing track is not a Ship",
        bears_on_rules=("on_fishing_track",),
    ),
    switch(
        "double_guest_vp",
        "supply guests score double",
        "Guests in your personal supply score 1 VP each",
        "Guests in your personal supply score their usual VP",
    ),
)


# Every number of the base game, each a rule a card may change.
BASE_RULES = (
    number(
        "rounds",
        "rounds",
        "the game lasts {value} Rounds instead of {default}",
        reach="table",
        least=1,
        change=("the game lasts {amount} more Round{s}", "the game lasts {amount} fewer Round{s}"),
    ),
    number(
        "workers",
        "worker turns",
        "each player takes {value} worker turns a Round instead of {default}",
        reach="table",
        least=1,
        change=(
            "each player takes {amount} more worker turn{s} a Round",
            "each player takes {amount} fewer worker turn{s} a Round",
        ),
    ),
    number("reserve_fish_limit", "reserve fish limit", "your Reserve holds up to {value} fish instead of {default}"),
    number(
        "reforest_forests",
        "reforest forests",
        'each time you take a "Reforest" action, you place {value} Forests instead of {default}',
    ),
    number(
        "elder_discard_at",
        "elder discard at",
        "an Elder of yours discards its fish when it holds {value} instead of {default}",
        least=1,
    ),
    number(
        "elder_discard_to_supply",
        "elder discard to supply",
        "of the fish an Elder of yours discards, {value} go into your personal supply instead of {default}",
    ),
    number(
        "issue_share_gold", "issue share gold", 'an "Issue a Share" action gives you {value} gold instead of {default}'
    ),
    number(
        "share_price", "share price", 'a "Buy all Shares" action costs you {value} gold per Share instead of {default}'
    ),
    scoped(
        "share_discount",
        'a "Buy all Shares" action costs you {value} gold less in total instead of the usual discount of the Round',
        ("share_discount",),
        ("discount", "usual share discount", "the usual discount of the Round"),
    ),
    setup(
        "shares_per_player", "shares per player", "each player has {value} Shares instead of {default}", reach="table"
    ),
    setup(
        "shares_issued_at_start",
        "shares issued at start",
        "each player starts with {value} Shares issued instead of {default}",
        reach="table",
    ),
    number("plate_gold", "plate gold", "each plate you fill gives you {value} gold instead of {default}"),
    vp(
        "guest_vp_supply",
        "supply guest vp",
        "each Guest in your personal supply scores {value} VP instead of {default}",
    ),
    vp("guest_vp_ship", "ship guest vp", "each Guest on your Ships scores {value} VP instead of {default}"),
    vp("empty_space_vp", "empty space vp", "each empty Building space scores {value} VP for you instead of {default}"),
    vp("unissued_share_vp", "unissued share vp", "each of your unissued Shares scores {value} VP instead of {default}"),
    vp("issued_share_vp", "issued share vp", "each issued Share you hold scores {value} VP instead of {default}"),
    vp("gold_vp", "gold vp", "each gold in your personal supply scores {value} VP instead of {default}"),
    number("deforest_wood", "deforest wood", 'a "Deforest" action gives you {value} wood instead of {default}'),
    number(
        "thin_out_wood_per_forest",
        "thin out wood per forest",
        'a "Thin Out" action gives you {value} wood per Forest instead of {default}',
    ),
    number(
        "thin_out_min_wood",
        "thin out minimum wood",
        'a "Thin Out" action gives you at least {value} wood instead of {default}',
    ),
    number(
        "c_cards_round",
        "c cards round",
        "C cards are dealt at the start of Round {value} instead of {default}",
        reach="table",
        least=1,
    ),
    number("c_cards_per_player", "c cards per player", "you are dealt {value} C cards instead of {default}"),
    setup(
        "display_a", "display a cards", "the display starts with {value} A cards instead of {default}", reach="table"
    ),
    setup(
        "display_b", "display b cards", "the display starts with {value} B cards instead of {default}", reach="table"
    ),
    scoped(
        "haul_size",
        "your haul is {value} instead of the haul table's value for your Ships",
        ("haul_table",),
        ("usual", "usual haul size", "the haul table's value for your Ships"),
        change=("your haul is {amount} fish larger", "your haul is {amount} fish smaller"),
    ),
    number(
        "catboat_haul",
        "catboat haul",
        "your haul with no Ships but the catboat is {value} instead of {default}",
        ("catboat", "haul"),
    ),
    number(
        "catboat_length",
        "catboat length",
        "your catboat counts as length {value} instead of {default}",
        ("catboat", "length"),
    ),
    number(
        "track_spaces",
        "fishing track spaces",
        "your Fishing track has {value} free spaces instead of {default}",
        ("fishing_track", "spaces"),
    ),
    setup(
        "ships_per_type",
        "ships per type",
        "the supply board holds {value} Ships of each type instead of {default}",
        ("fishing_track", "ships_per_type"),
        reach="table",
        by_player_count=True,
    ),
    setup(
        "harbor_rows",
        "harbor rows",
        "your Harbor board has {value} rows instead of {default}",
        ("harbor", "rows"),
        least=1,
    ),
    setup(
        "harbor_columns",
        "harbor columns",
        "your Harbor board has {value} columns instead of {default}",
        ("harbor", "columns"),
        least=1,
    ),
    setup(
        "elder_stacks",
        "elder stacks",
        "the Elders are dealt into {value} stacks instead of {default}",
        ("elders", "stacks"),
        reach="table",
        least=1,
    ),
)

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ship_rules(data: dict) -> tuple[Parameter, ...]:
    """Each Ship type's cost, VP and length, and whether a card that holds Ships may hold it."""
    found: list[Parameter] = []
    for ship, values in data["ships"].items():
        where = ("ships", ship)
        found += [
            number(
                f"{ship}_cost_{good}",
                f"{ship} {good} cost",
                f"a {ship} costs you {{value}} {good} instead of {{default}}",
                (*where, "cost", good),
                change=(f"your {ship}s cost {{amount}} {good} more", f"your {ship}s cost {{amount}} {good} less"),
            )
            for good in values["cost"]
        ]
        found += [
            vp(
                f"{ship}_vp",
                f"{ship} vp",
                f"each {ship} of yours scores {{value}} VP instead of {{default}}",
                (*where, "vp"),
            ),
            number(
                f"{ship}_length",
                f"{ship} length",
                f"each {ship} of yours has length {{value}} instead of {{default}}",
                (*where, "length"),
            ),
            Parameter(
                f"{ship}_to_card",
                f"{ship} may go to card",
                f"a card of yours that may hold Ships may hold a {ship}",
                (*where, "to_card"),
                result=TRUTH,
                english_off=f"no card of yours may hold a {ship}: each {ship} you build goes on your Fishing track",
                least=None,
            ),
        ]
    return tuple(found)


def set_up_rules(data: dict) -> tuple[Parameter, ...]:
    """Starting goods and the Forests each double space starts with, read while the table is set up."""
    goods = tuple(
        setup(
            f"start_{good}", f"start {good}", f"you start with {{value}} {good} instead of {{default}}", ("start", good)
        )
        for good in data["start"]
    )
    forests = tuple(
        setup(
            f"start_forests_{n}",
            f"{ORDINALS[n]} double space start forests",
            f"the {ORDINALS[n]} double space of your Harbor board starts with {{value}} Forests instead of {{default}}",
            ("harbor", "double", n, "forests"),
        )
        for n in range(len(data["harbor"]["double"]))
    )
    return goods + forests


def capacity_rules(data: dict) -> tuple[Parameter, ...]:
    """How many Workers each action space holds at this table's player count."""
    return tuple(
        number(
            f"capacity_{space}",
            f"{space.replace('_', ' ')} space capacity",
            f'the "{space.replace("_", " ")}" action space holds {{value}} Workers',
            ("spaces", space),
            reach="table",
            by_player_count=True,
        )
        for space in data["spaces"]
    )


# The one number of rules.toml that is no rule of a table: which tables there are at all (set-up refuses another
# player count, the checker holds a card's `players` line to it). With its reason, as LAYOUT's.
PLAYER_COUNTS = {("most_players",): "how many players the game is for: which tables there are, not a rule of one"}

# rules.toml's table of the most a card's rule may make some numbers (Parameter.most), by parameter name: no rule of
# a table either. With its reason, as LAYOUT's.
BOUNDS = {("most",): "the most a card's rule may make some numbers: bounds against endless games, not rules"}

# Parts of rules.toml that are the printed shape of a board, not numbers a card could change: each with its reason.
LAYOUT = {
    ("harbor", "reserve_cells"): "where the Reserve is printed on the Harbor board: cells, not a number",
    ("harbor", "middle_columns"): "which columns the rulebook calls the middle ones: cells, not a number",
    ("harbor", "double", "cells"): "where the double spaces are printed: cells, not a number",
}


@depends_on_data
@cache
def parameters() -> dict[str, Parameter]:
    """Every rule parameter by name: the card rules, the base game's numbers, and the families rules.toml lists."""
    data = rules_data()
    found = CARD_RULES + BASE_RULES + ship_rules(data) + set_up_rules(data) + capacity_rules(data)
    most = data.get("most", {})
    return {p.name: replace(p, most=most[p.name]) if p.name in most else p for p in found}
