"""The steps only a worked example takes: setting counts for its `given`, and the example-only effects."""

from __future__ import annotations

from collections.abc import Callable

from runtime.engine.decisions import DecisionKind, ask
from runtime.engine.phases import fishing_phase
from runtime.engine.play import remove_from_play
from runtime.examples import place_without_building
from runtime.mechanics import board, goods
from runtime.mechanics.buildings import build
from runtime.model.cards import CardSpec, Context
from runtime.model.state import CardInPlay, IllegalAction, Ship


def set_count(ctx: Context, name: str, args: tuple, value: int) -> None:
    """An example's `given`: make a settable count equal value, the simplest way the table allows."""
    SETTERS[name](ctx, *args, value)


def set_forests(ctx: Context, value: int) -> None:
    """Forests go one per double space in layout order, round and round (ruling for examples)."""
    stacks = ctx.me.harbor.forests
    stacks[:] = [0] * len(stacks)
    free = board.reforestable(ctx.table, ctx.me)
    for n in range(value):
        stacks[free[n % len(free)]] += 1


def set_elders(ctx: Context, value: int) -> None:
    blank = CardSpec(kind="elder", name="Elder", deck="example", code="E00", costs=lambda ctx: ())
    ctx.me.council[:] = ctx.me.council[:value]
    ctx.me.council += [CardInPlay(blank, ctx.me) for _ in range(value - len(ctx.me.council))]


def set_ships(ctx: Context, ship: str, value: int) -> None:
    track = ctx.me.track
    others = [s for s in track.ships if s.type != ship]
    track.ships[:] = others + [Ship(ship) for _ in range(value)]


def set_guests_on_ships(ctx: Context, value: int) -> None:
    ships = ctx.me.track.ships
    if value > len(ships):
        raise IllegalAction(f"only {len(ships)} Ships to carry {value} Guests")
    for n, ship in enumerate(ships):
        ship.guest = n < value


def set_fish_on_plates(ctx: Context, value: int) -> None:
    """Plates fill left to right up to their printed size."""
    plates = ctx.table.plates
    for n, printed in enumerate(ctx.table.rules.plates):
        plates[n] = min(printed, value)
        value -= plates[n]


SETTERS: dict[str, Callable[..., None]] = {
    "good_in_supply": lambda ctx, good, value: ctx.me.supply.__setitem__(good, value),
    "good_in_reserve": lambda ctx, good, value: ctx.me.reserve.__setitem__(good, value),
    "good_on_card": lambda ctx, good, value: ctx.card.goods.__setitem__(good, value),
    "elders": set_elders,
    "forests": set_forests,
    "ships_of_type": set_ships,
    "guests_on_ships": set_guests_on_ships,
    "fish_on_plates": set_fish_on_plates,
    "round_number": lambda ctx, value: setattr(ctx.table, "round", value),
    "worker_turn": lambda ctx, value: setattr(ctx.me, "turns_taken", value),
}


def build_this_card(ctx: Context) -> None:
    """Build the example's card (dealt into the hand first); afterwards "this building" means it.

    The copy the example put in play for its givens leaves first, so the card is built for real."""
    spec = ctx.table.example_card
    if spec is None:
        raise IllegalAction("this example is not on a card")
    if ctx.card is not None and ctx.card.spec is spec and ctx.card in ctx.me.buildings:
        remove_from_play(ctx.table, ctx.card)
    ctx.me.hand.append(spec)
    ctx.card = build(ctx.table, ctx.me, spec)


def put_in_play(ctx: Context, name: str) -> None:
    """Another Building in play for the owner, as though built earlier: taken from the display, a deck
    or a hand, unpaid, its when-built not run."""
    table = ctx.table
    for cards in (table.display, *table.decks.values(), *(p.hand for p in table.players)):
        spec = next((s for s in cards if s.name == name and s.kind == "building"), None)
        if spec is not None:
            cards.remove(spec)
            place_without_building(table, ctx.me, spec)
            return
    raise IllegalAction(f"no Building named {name} is left to put in play")


def run_fishing_phase(ctx: Context) -> None:
    fishing_phase(ctx.table)


def guest_on_ship(ctx: Context) -> None:
    open_ships = goods.ships_open_for_guests(ctx.me)
    if not open_ships:
        raise IllegalAction(f"P{ctx.me.index} has no Ship without a Guest")
    goods.place_guest_on_ship(
        ctx.table, ctx.me, ask(ctx.table, ctx.me.index, DecisionKind.GUEST_ON_SHIP, open_ships, "which Ship?")
    )
