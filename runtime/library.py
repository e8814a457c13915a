"""What compiled cards call: one function per vocabulary `impl`, plus the choice helpers.

Counts return numbers, facts return truth, effects change the table and raise IllegalAction when they
cannot be carried out. Every function takes the Context first; slot values follow in pattern order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runtime.engine import actions
from runtime.engine.attempts import attempt, choose_legal
from runtime.engine.decisions import DecisionKind, Option, ask
from runtime.engine.events import emit
from runtime.engine.phases import distribute, fishing_phase
from runtime.engine.play import remove_from_play, return_card_goods
from runtime.engine.play import rule as rule_value
from runtime.examples import place_without_building
from runtime.mechanics import board, goods
from runtime.mechanics import elders as elders_module
from runtime.mechanics import forests as forests_module
from runtime.mechanics import shares as shares_module
from runtime.mechanics.banquet import serve_fish
from runtime.mechanics.buildings import build
from runtime.model.cards import CardSpec, Context
from runtime.model.state import CardInPlay, IllegalAction, Player, Ship

# Counts ---------------------------------------------------------------------------------------


def good_in_supply(ctx: Context, good: str) -> int:
    return ctx.me.supply[good]


def good_in_reserve(ctx: Context, good: str) -> int:
    return ctx.me.reserve[good]


def good_on_card(ctx: Context, good: str) -> int:
    return ctx.card.goods[good]


def goods_in_supply(ctx: Context) -> int:
    supply = ctx.me.supply
    return supply["wood"] + supply["fish"] + supply["gold"]


def elders(ctx: Context) -> int:
    return len(ctx.me.council)


def elders_without_fish(ctx: Context) -> int:
    return sum(elder.goods["fish"] == 0 for elder in ctx.me.council)


def free_elder_seats(ctx: Context) -> int:
    return max(0, elders_module.free_seats(ctx.table, ctx.me))


def elders_under_card(ctx: Context) -> int:
    return len(ctx.card.under)


def visible_elders(ctx: Context) -> int:
    return len(elders_module.visible_elders(ctx.table))


def workers_on_elders(ctx: Context) -> int:
    return sum(elder.worker is not None for elder in ctx.me.council)


def elders_used_this_round(ctx: Context) -> int:
    return ctx.me.elders_used_round


def forests(ctx: Context) -> int:
    return board.forest_count(ctx.table, ctx.me)


def forested_double_spaces(ctx: Context) -> int:
    return len(board.forested_doubles(ctx.me))


def stacked_double_spaces(ctx: Context) -> int:
    return sum(count >= 2 for count in ctx.me.harbor.forests)


def forests_in_middle_columns(ctx: Context) -> int:
    return board.forests_in_middle(ctx.table, ctx.me)


def buildings(ctx: Context) -> int:
    return len(board.counted_buildings(ctx.table, ctx.me))


def buildings_of_letter(ctx: Context, letter: str) -> int:
    return sum(card.spec.letter == letter.upper() for card in board.counted_buildings(ctx.table, ctx.me))


def forests_on_card(ctx: Context) -> int:
    return board.forests_on(ctx.table, ctx.card)


def empty_building_spaces(ctx: Context) -> int:
    return len(board.free_cells(ctx.table, ctx.me))


def forest_covered_spaces(ctx: Context) -> int:
    return len(board.covered_cells(ctx.table, ctx.me))


def building_squares(ctx: Context) -> int:
    return board.squares_of_buildings(ctx.table, ctx.me)


def haul_size(ctx: Context) -> int:
    return board.haul_size(ctx.table, ctx.me)


def ships(ctx: Context) -> int:
    return len(ctx.me.track.ships)


def ships_with_catboat(ctx: Context) -> int:
    return len(ctx.me.track.ships) + 1


def ships_of_type(ctx: Context, ship: str) -> int:
    return sum(s.type == ship for s in ctx.me.track.ships)


def missing_ship_types(ctx: Context) -> int:
    present = {s.type for s in ctx.me.track.ships}
    return sum(kind not in present for kind in ctx.table.rules.ships)


def guests_on_ships(ctx: Context) -> int:
    return sum(s.guest for s in ctx.me.track.ships)


def free_fishing_spaces(ctx: Context) -> int:
    return board.free_track_spaces(ctx.table, ctx.me)


def ship_values_on_card(ctx: Context) -> int:
    return sum(ctx.table.rules.ships[kind].vp for kind in ctx.card.ships)


def fish_on_plates(ctx: Context) -> int:
    return board.fish_on_plates(ctx.table)


def issued_shares_in_supply(ctx: Context) -> int:
    return sum(s.issued and not s.removed and s.holder == ctx.me.index for s in ctx.table.shares)


def own_issued_shares_in_supply(ctx: Context) -> int:
    me = ctx.me.index
    return sum(s.issued and not s.removed and s.holder == me and s.colour == me for s in ctx.table.shares)


def round_number(ctx: Context) -> int:
    return ctx.table.round


def worker_turn(ctx: Context) -> int:
    return ctx.me.turns_taken


# Facts ----------------------------------------------------------------------------------------


def during_action(ctx: Context) -> bool:
    return ctx.table.action_depth > 0


def elder_left_supply(ctx: Context, elder: str) -> bool:
    return all(spec.name != elder for stack in ctx.table.elder_stacks for spec in stack)


# Effects --------------------------------------------------------------------------------------


def take(ctx: Context, amount: int, good: str) -> None:
    goods.gain(ctx.table, ctx.me, good, amount)


def give_back(ctx: Context, amount: int, good: str) -> None:
    goods.pay(ctx.table, ctx.me, good, amount)


def put_in_reserve(ctx: Context, amount: int, good: str) -> None:
    goods.to_reserve(ctx.table, ctx.me, good, amount)


def put_on_card(ctx: Context, amount: int, good: str) -> None:
    if amount > 0:
        ctx.table.from_general(good, amount)
        ctx.card.goods[good] += amount
        ctx.table.say(f"P{ctx.me.index} puts {amount} {good} on {ctx.card.name}")


def move_to_card(ctx: Context, amount: int, good: str) -> None:
    if ctx.me.supply[good] < amount:
        raise IllegalAction(f"P{ctx.me.index} has {ctx.me.supply[good]} {good}, needs {amount}")
    ctx.me.supply[good] -= amount
    ctx.table.to_general(good, amount)
    put_on_card(ctx, amount, good)


def remove_card(ctx: Context) -> None:
    remove_from_play(ctx.table, ctx.card)


def remove_one_forest(ctx: Context) -> None:
    forests_module.remove_forest(ctx.table, ctx.me)


def remove_all_forests(ctx: Context) -> None:
    forests_module.remove_all_forests(ctx.table, ctx.me)


def remove_all_elders(ctx: Context) -> None:
    for elder in list(ctx.me.council):
        return_card_goods(ctx.table, elder)
        elders_module.remove_elder(ctx.table, elder)
    ctx.table.say(f"P{ctx.me.index} removes all elders from play")


def put_elders_under_card(ctx: Context) -> None:
    """The effect "put all elders under this building" (its vocabulary impl clashes with the count)."""
    council = list(ctx.me.council)
    for elder in council:
        elders_module.remove_elder(ctx.table, elder)
    ctx.card.under.extend(council)
    ctx.table.say(f"P{ctx.me.index} puts {len(council)} elders under {ctx.card.name}")


def use_new_elder(ctx: Context) -> None:
    elders_module.use_new_elder(ctx.table, ctx.me, with_fish=True)


def use_new_elder_without_fish(ctx: Context) -> None:
    elders_module.use_new_elder(ctx.table, ctx.me, with_fish=False)


def serve_limited(ctx: Context, amount: int) -> None:
    serve_fish(ctx.table, ctx.me, limit=amount)


def exchange(ctx: Context, amount: int, give: str, get: str) -> None:
    """The player picks how many (0 up to the limit and what they have) to exchange 1:1."""
    most = min(amount, ctx.me.supply[give])
    count = ask(
        ctx.table,
        ctx.me.index,
        DecisionKind.HOW_MANY,
        list(range(most, -1, -1)),
        f"exchange how many {give} for {get}?",
    )
    goods.pay(ctx.table, ctx.me, give, count)
    goods.gain(ctx.table, ctx.me, get, count)


def fish_on_each_elder(ctx: Context, amount: int) -> None:
    for elder in list(ctx.me.council):
        ctx.table.from_general("fish", amount)
        elders_module.add_fish_to_elder(ctx.table, elder, amount)


def extra_turn(ctx: Context) -> None:
    actions.extra_turn(ctx.table, ctx.me)


def distribute_fish(ctx: Context, amount: int) -> None:
    distribute(ctx.table, ctx.me, amount)


def remove_ship(ctx: Context) -> None:
    """The player picks which Ship; it goes back to the supply board and its Guest to the general supply."""
    player: Player = ctx.me
    if not player.track.ships:
        raise IllegalAction(f"P{player.index} has no Ship to remove")
    index = ask(ctx.table, player.index, DecisionKind.SHIP, list(range(len(player.track.ships))), "remove which Ship?")
    ship = player.track.ships.pop(index)
    ctx.table.ships_left[ship.type] += 1
    ctx.table.say(f"P{player.index} removes a {ship.type}")
    if ship.guest:
        player.supply["guest"] += 1
        goods.pay(ctx.table, player, "guest", 1)


def board_guests(ctx: Context) -> None:
    """The any-time chance to put Guests on Ships, offered in the middle of an effect (before what follows)."""
    goods.offer_guests_on_ships(ctx.table, ctx.me)


def unissue_share(ctx: Context) -> None:
    share = next(
        (s for s in shares_module.live(ctx.table, ctx.me.index) if s.issued and s.holder == ctx.me.index), None
    )
    if share is None:
        raise IllegalAction(f"P{ctx.me.index} holds no issued Share of their colour")
    share.issued, share.holder = False, None
    ctx.table.say(f"P{ctx.me.index} turns a share to unissued")


def remove_own_shares(ctx: Context) -> None:
    for share in shares_module.live(ctx.table, ctx.me.index):
        share.removed = True
    ctx.table.say(f"P{ctx.me.index} removes all shares of their colour from play")


def guests_on_visible_elders(ctx: Context, amount: int) -> None:
    """The player picks up to `amount` different visible Elders; whoever takes one, this player gets its Guest."""
    visible = [spec.name for spec in elders_module.visible_elders(ctx.table)]
    count = ask(
        ctx.table,
        ctx.me.index,
        DecisionKind.HOW_MANY,
        list(range(min(amount, len(visible)), -1, -1)),
        "how many Elders?",
    )
    for _ in range(count):
        name = ask(ctx.table, ctx.me.index, DecisionKind.ELDER, visible, "put a Guest on which Elder?")
        visible.remove(name)
        ctx.table.from_general("guest", 1)
        ctx.table.elder_guests.setdefault(name, []).append(ctx.me.index)
        ctx.table.say(f"P{ctx.me.index} puts a guest on elder {name}")


def free_space_indices(ctx: Context) -> range:
    first = board.occupied_track_spaces(ctx.me)
    return range(first, first + board.free_track_spaces(ctx.table, ctx.me))


def wood_on_fishing_spaces(ctx: Context, amount: int) -> None:
    for space in free_space_indices(ctx):
        lying = ctx.me.track.space_goods[space]
        ctx.table.from_general("wood", amount)
        lying["wood"] = lying.get("wood", 0) + amount
    ctx.table.say(f"P{ctx.me.index} puts {amount} wood on each free fishing space")


def take_wood_under_ship(ctx: Context) -> None:
    """The next Ship takes the first free space; the wood lying there goes to the personal supply."""
    space = board.occupied_track_spaces(ctx.me)
    if space < len(ctx.me.track.space_goods):
        wood = ctx.me.track.space_goods[space].pop("wood", 0)
        ctx.table.to_general("wood", wood)
        goods.gain(ctx.table, ctx.me, "wood", wood)


def return_fishing_space_wood(ctx: Context) -> None:
    for lying in ctx.me.track.space_goods:
        ctx.table.to_general("wood", lying.pop("wood", 0))


def return_elder(ctx: Context) -> None:
    if not ctx.me.council:
        raise IllegalAction(f"P{ctx.me.index} has no Elder")
    elder = ask(ctx.table, ctx.me.index, DecisionKind.ELDER, list(ctx.me.council), "return which Elder?")
    elders_module.return_to_supply(ctx.table, elder)


def use_other_elder(ctx: Context, amount: int) -> None:
    """Pay the owner, occupy their unoccupied Elder with a Worker, and use it (its discard goes to the owner)."""
    others = [e for p in ctx.table.players if p is not ctx.me for e in p.council if e.worker is None]
    if not others:
        raise IllegalAction("no unoccupied Elder in another council")
    options = [Option(e, f"P{e.owner.index} {e.name}") for e in others]
    elder = ask(ctx.table, ctx.me.index, DecisionKind.ELDER, options, "use whose Elder?")
    goods.pay(ctx.table, ctx.me, "fish", amount)
    goods.gain(ctx.table, elder.owner, "fish", amount)
    elder.worker = ctx.me.index
    elders_module.use_elder(ctx.table, ctx.me, elder)


def as_ship_action(ctx: Context) -> None:
    """Counts as completing Build a Ship; with no Ship type, no Ships of "the built type" are left."""
    emit(ctx.table, "build_ship", "after", ctx.me, ships_left_of_type=0)


def perform_action(ctx: Context, action_name: str) -> None:
    """An action without placing a Worker."""
    actions.perform(ctx.table, ctx.me, action_name, "card")


# Worked examples: setting counts and the example-only effects ---------------------------------


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
    ships_ = ctx.me.track.ships
    if value > len(ships_):
        raise IllegalAction(f"only {len(ships_)} Ships to carry {value} Guests")
    for n, ship in enumerate(ships_):
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


# Choices --------------------------------------------------------------------------------------


def may(ctx: Context, text: str, body: Callable[[], None]) -> bool:
    """Ask yes/no; the body runs all-or-nothing, and a body that cannot be completed counts as declined."""
    if not ask(ctx.table, ctx.me.index, DecisionKind.MAY, [True, False], f"{card_name(ctx)}: you may {text}"):
        return False
    try:
        attempt(ctx.table, body)
    except IllegalAction as why:
        ctx.table.say(f"P{ctx.me.index} could not {text} ({why})")
        return False
    return True


def choose_one(ctx: Context, options: list[tuple[str, Callable[[], None]]]) -> None:
    """Mandatory; an option that fails is not legal, so the table is restored and it is asked again without it."""
    bodies = dict(options)
    choose_legal(
        ctx.table,
        ctx.me.index,
        DecisionKind.CHOOSE_ONE,
        list(bodies),
        f"{card_name(ctx)}: choose one",
        lambda t: bodies[t](),
    )


def up_to(ctx: Context, times: int, text: str, body: Callable[[], None]) -> None:
    """The player picks how many times (0..times); a count that cannot be carried out in full is not
    legal, so the player is asked again among the others (0 always is)."""
    if times <= 0:
        return

    def repeat(count: int) -> None:
        for _ in range(count):
            body()

    prompt = f"{card_name(ctx)}: {text} how often?"
    choose_legal(ctx.table, ctx.me.index, DecisionKind.UP_TO, list(range(times, -1, -1)), prompt, repeat)


def rule(ctx: Context, key: str, **scope: Any) -> Any:
    return rule_value(ctx.table, ctx.me, key, **scope)


def card_name(ctx: Context) -> str:
    return ctx.card.name if ctx.card is not None else "effect"
