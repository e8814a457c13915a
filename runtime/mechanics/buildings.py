"""Build a Building: pick a card from the display or hand, a space, pay, and bring it into play."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from runtime.core.attempts import choose_legal
from runtime.core.decisions import DecisionKind, ask
from runtime.core.events import emit, heard
from runtime.core.in_play import attach, remove_from_play
from runtime.core.rules_in_force import card_rule, double_spaces, may_hold, spec_rule
from runtime.mechanics.board import (
    consider_track_buildings_ships,
    decline_gap,
    free_cells,
    free_track_spaces,
    holds_without_gap,
)
from runtime.mechanics.payment import Payment, affordable, choose_and_pay, payment_options
from runtime.model.cards import CardSpec, Context, CostOption
from runtime.model.declarations import BUILD_BUILDING, BUILD_OVER_CARD, BUILD_SHIP, Timing
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


def buildable(table: Table, player: Player) -> list[CardSpec]:
    """The cards on offer the player can build as the table is (see can_build)."""
    return list(each_buildable(table, player))


def can_build_any(table: Table, player: Player) -> bool:
    """Whether buildable finds any, looking no further than the first."""
    return next(each_buildable(table, player), None) is not None


def each_buildable(table: Table, player: Player) -> Iterator[CardSpec]:
    ctx = Context(table, player)
    return (spec for spec in meeting_requirements(table, player, ctx) if can_build(ctx, spec))


def meeting_requirements(table: Table, player: Player, ctx: Context) -> list[CardSpec]:
    """The cards on offer whose `requires` holds, or would with a gap on the Fishing track declined (asked when one
    is built). Every requirement is asked in the one Context: a Context holds no more than the table and the
    player."""
    return [
        spec
        for spec in table.display + player.hand
        if spec.requires is None or spec.requires(ctx) or holds_once_gap_declined(table, player, spec)
    ]


def requirement_holds(table: Table, player: Player, spec: CardSpec) -> bool:
    return spec.requires is None or spec.requires(Context(table, player))


def holds_once_gap_declined(table: Table, player: Player, spec: CardSpec) -> bool:
    return holds_without_gap(table, player, lambda: requirement_holds(table, player, spec))


def require(table: Table, player: Player, spec: CardSpec) -> None:
    """Before anything else of a build: a requirement that holds only without the gap asks to decline it."""
    if requirement_holds(table, player, spec):
        return
    if not (holds_once_gap_declined(table, player, spec) and decline_gap(table, player, f"to build {spec.name}")):
        raise IllegalAction(f"{player.name} does not meet the requirement of {spec.name}")


def build_building(table: Table, player: Player) -> CardInPlay:
    """The Build a Building action. Only Buildings it can build are offered: a space for it, and a way to pay for it
    there, as the table is (see can_build); one that a card's hook makes impossible while it is built is restored
    and dropped."""
    ctx = Context(table, player)
    specs = {spec.name: spec for spec in meeting_requirements(table, player, ctx)}
    if not specs:
        raise IllegalAction(f"{player.name} has no Building to build")
    return choose_legal(
        table,
        player.index,
        DecisionKind.BUILDING,
        list(specs.values()),
        "build which Building?",
        partial(build, table, player),  # a partial, not a lambda: no Python frame of its own
        partial(can_build, ctx),  # positional: a partial with keywords makes a dict on every call
    )


ON_TRACK = "fishing track"
BUILD_OVER_WINDOW = (BUILD_OVER_CARD.name, Timing.BEFORE)  # a card listening there may bring what pays
SHIP_ACTION = "ship_action"  # the card rule that makes building a card a Build a Ship action
BUILD_SHIP_WINDOW = (BUILD_SHIP.name, Timing.BEFORE)  # for such a card, a card listening there may bring what pays


def can_build(ctx: Context, spec: CardSpec) -> bool:
    """Whether build finds a space and a payment for the card, for the player of ctx: as the table is, or, for a card
    whose requirement holds only with the gap on the Fishing track declined (meeting_requirements), as the table is
    once it is declined, which build asks first (the Ghost Ship's gap and the Deep-Sea Trawler's four free spaces)."""
    if spec.requires is not None and not spec.requires(ctx):
        return holds_without_gap(ctx.table, ctx.me, lambda: can_build_as_is(ctx, spec))
    return can_build_as_is(ctx, spec)


def can_build_as_is(ctx: Context, spec: CardSpec) -> bool:
    """Whether build finds a space and a payment for the card, as the table is (hearing no event; the card's
    requirement is asked by meeting_requirements): build's refusals, without making a payment option nobody would
    choose where a space nobody owns tells (the usual case). What a card does while it is built may still refuse it:
    building over a card opens that card's before-window, and a payment can set off a hook; the attempt decides
    those."""
    table, player = ctx.table, ctx.me
    costs = spec.costs(ctx)
    if not affordable(table, player, costs):
        if paid_after_ship_window(table, player, spec):
            return bool(placements(table, player, spec, costs, first_only=True))
        if not table.listeners.get(BUILD_OVER_WINDOW):
            return False
        return bool(payable_spaces(table, player, placements(table, player, spec, costs), []))
    first = placements(table, player, spec, costs, first_only=True)
    if first and (first[0].__class__ is not tuple or player.harbor.cells[first[0]] is None):
        return True  # a space no Building is on: any payment pays there
    spaces = placements(table, player, spec, costs)
    return bool(spaces) and bool(payable_spaces(table, player, spaces, payment_options(table, player, costs)))


def paid_after_ship_window(table: Table, player: Player, spec: CardSpec) -> bool:
    """Whether building the card is a Build a Ship action whose before-window a card of the table hears: what that
    card brings may pay, so whether the card can be paid is left to the attempt."""
    return bool(table.listeners.get(BUILD_SHIP_WINDOW)) and bool(spec_rule(table, player, spec, SHIP_ACTION))


def payable_spaces(table: Table, player: Player, spaces: list[object], payments: list[Payment]) -> list[object]:
    """The spaces the player can pay the card on (payments: its payment options): any, but a Building's space only
    by a payment discarding it. Building over a card opens that card's before-window first, which may bring goods:
    the space of a card listening there is kept, the attempt decides."""
    discards = {payment.discard for payment in payments}
    if not discards:  # nothing is payable as the table is
        if not table.listeners.get(BUILD_OVER_WINDOW):
            return []
        return [
            space
            for space in spaces
            if isinstance(space, CardInPlay) and heard(table, BUILD_OVER_WINDOW, player, only=space)
        ]
    cells = player.harbor.cells
    payable = []
    for space in spaces:  # a loop, not a call per space: asked on every build
        occupant = cells[space] if space.__class__ is tuple else None  # a Building of the Harbor a cost discards
        if occupant is None or occupant.name in discards:
            payable.append(space)
    return payable


def placements(
    table: Table, player: Player, spec: CardSpec, costs: tuple[CostOption, ...] | None = None, first_only: bool = False
) -> list[object]:
    """Where the card may go: the Fishing track, a space under stacked Forests, or a free space or a
    Building that may be built over, as its placement rules say (costs: the card's, when already worked out).
    first_only: no further than the first kind of place that has any (which tells whether there is one)."""
    if spec_rule(table, player, spec, "on_fishing_track"):  # the placement rules of a card not yet in play
        fits = free_track_spaces(table, player) >= spec_rule(table, player, spec, "track_spaces_taken")
        return [ON_TRACK] if fits else []
    cells = player.harbor.cells
    if spec_rule(table, player, spec, "under_forests"):
        return [
            cell
            for double, n in zip(double_spaces(table), player.harbor.forests, strict=True)
            if n >= 2
            for cell in double.cells
            if cells[cell] is None
        ]
    found: list[object] = free_cells(table, player, first_only)
    if found and first_only:
        return found
    found += discard_cells(player, spec.costs(Context(table, player)) if costs is None else costs)
    buildings = player.buildings
    if may_hold(table, buildings, "built_over"):  # each card is asked only if one may be built over (seldom)
        found += [card for card in buildings if card.cell is not None and card_rule(table, card, "built_over")]
    return found


def discard_cells(player: Player, costs: tuple[CostOption, ...]) -> list[tuple[int, int]]:
    """Spaces of own Buildings a cost option discards: the new card may take such a space, paying by that discard."""
    names = set()
    for option in costs:  # plain loops cost less than a comprehension: asked on every build, most find none
        for part in option.parts:
            if part[0] == "discard_building":
                names.add(part[1])
    if not names:
        return []
    return [card.cell for card in player.buildings if card.name in names and card.cell is not None]


def build(table: Table, player: Player, spec: CardSpec) -> CardInPlay:
    """Place, pay, attach. Building over a card fires its before-window first, then removes it (ruling).
    The space of a Building the cost discards may only be taken by paying with that discard."""
    if spec.requires is not None:  # most cards have none
        require(table, player, spec)
    as_ship = spec_rule(table, player, spec, SHIP_ACTION)
    # a Build a Ship action for such a card: either window comes before the cost is paid, so what it brings may pay
    if as_ship:
        emit(table, BUILD_SHIP, Timing.BEFORE, player)
    else:
        emit(table, BUILD_BUILDING, Timing.BEFORE, player)
    costs = spec.costs(Context(table, player))  # as the table is until a space is chosen (building over changes it)
    payments = payment_options(table, player, costs)
    if not payments and not table.listeners.get(BUILD_OVER_WINDOW):  # nothing can be paid (most tries)
        if not placements(table, player, spec, costs, first_only=True):  # one space tells the refusals apart
            raise IllegalAction(no_space(player, spec))
        raise IllegalAction(cannot_pay(player, spec))
    spaces = placements(table, player, spec, costs)
    if not spaces:
        raise IllegalAction(no_space(player, spec))
    spaces = payable_spaces(table, player, spaces, payments)
    if not spaces:
        raise IllegalAction(cannot_pay(player, spec))
    space = ask(table, player.index, DecisionKind.SPACE, spaces, f"build {spec.name} where?")
    cell, discarding = None, ""
    if isinstance(space, CardInPlay):
        emit(table, BUILD_OVER_CARD, Timing.BEFORE, player, only=space)
        cell = space.cell
        if space in player.buildings:
            remove_from_play(table, space)
        payments = payment_options(table, player, spec.costs(Context(table, player)))  # what is owed or owned changed
    elif space != ON_TRACK:
        cell = space
        occupant = player.harbor.cells[cell]
        discarding = occupant.name if occupant is not None else ""
    unpaid = tuple(player.supply.items())  # what a when-built may count "before paying"
    # raises, the table as the payments were found, where none of them can be paid
    paid = choose_and_pay(table, player, payments, spec.name, discarding)
    if not still_open(table, player, spec, space, cell):
        raise IllegalAction(f"{spec.name} or its space was taken by a build its payment set off")
    card = CardInPlay(spec, player, cell=cell, built_turn=table.turn_counter, paid_from=unpaid)
    take_from_offer(table, player, spec)
    if cell is None:
        player.track.cards.append(card)
    else:
        player.harbor.cells[cell] = card
    player.buildings.append(card)
    if table.session.keep_log:
        table.say(f"{player.name} builds {spec.name} at {space if cell is None else cell}", player.index, card=spec)
    attach(table, card)
    card.paid_from = None  # built: "before paying" is now
    consider_track_buildings_ships(table, player)
    spent = {"guests_spent": paid.guests, "fish_paid": paid.fish}
    if as_ship:  # no Ship was built, so none is left of its type
        emit(table, BUILD_SHIP, Timing.AFTER, player, ships_left_of_type=0, **spent)
    else:
        emit(table, BUILD_BUILDING, Timing.AFTER, player, **spent)
    return card


def no_space(player: Player, spec: CardSpec) -> str:
    return f"{player.name} has no space for {spec.name}"


def cannot_pay(player: Player, spec: CardSpec) -> str:
    return f"{player.name} cannot pay for {spec.name}"


def still_open(table: Table, player: Player, spec: CardSpec, space: object, cell: tuple[int, int] | None) -> bool:
    """Paying can set off hooks that build too (after returning a Guest, say): the card must still be on offer
    and its space still free once paid, or the build is not possible (and the attempt leaves no trace)."""
    on_offer = place_of(player.hand, spec) >= 0 or place_of(table.display, spec) >= 0
    if cell is not None:
        return on_offer and player.harbor.cells[cell] is None
    return on_offer and (space != ON_TRACK or ON_TRACK in placements(table, player, spec))


def take_from_offer(table: Table, player: Player, spec: CardSpec) -> None:
    """The card leaves the hand or the display; a display gap is refilled from the same letter's deck (assumed)."""
    place = place_of(player.hand, spec)
    if place >= 0:
        player.hand.pop(place)
        return
    place = place_of(table.display, spec)
    if place < 0:
        raise ValueError(f"{spec.name} is not on offer")
    table.display.pop(place)
    deck = table.decks.get(spec.letter)
    if deck:
        table.display.append(deck.pop())


def place_of(cards: list[CardSpec], spec: CardSpec) -> int:
    """Where spec is among cards, -1 if it is not. Looked for by identity first, so no card's __eq__ runs (a card has
    one spec object, which every copy of a table shares); by equality, as `in` does, only when not found so."""
    for place, card in enumerate(cards):
        if card is spec:
            return place
    return cards.index(spec) if spec in cards else -1
