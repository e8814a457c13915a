"""Effects: what a card does (the vocabulary's EFFECTS). They change the table and raise IllegalAction when
they cannot be carried out."""

from __future__ import annotations

import sys

from runtime.core.decisions import DecisionKind, Option, ask
from runtime.core.events import count_extra_turn, emit
from runtime.core.in_play import in_play, remove_from_play, return_card_goods
from runtime.core.rules_in_force import decline
from runtime.game import actions
from runtime.mechanics import board, elders, forests, goods, shares
from runtime.mechanics.banquet import serve_fish
from runtime.mechanics.haul import distribute
from runtime.model.cards import Context
from runtime.model.declarations import BUILD_SHIP, Timing
from runtime.model.state import IllegalAction, Player


def take(ctx: Context, amount: int, good: str) -> None:
    goods.gain(ctx.table, ctx.me, good, amount)


def give_back(ctx: Context, amount: int, good: str) -> None:
    goods.pay(ctx.table, ctx.me, good, amount)


def put_in_reserve(ctx: Context, amount: int, good: str) -> None:
    goods.to_reserve(ctx.table, ctx.me, good, amount)


def put_on_card(ctx: Context, amount: int, good: str) -> None:
    """Goods from the general supply onto the card. Ruling: on a card that has left play they stay there, as the
    goods on it went back when it left (tests/runtime/core/test_goods_on_a_card_gone.py quotes the rulebook)."""
    if amount <= 0:
        return
    if not in_play(ctx.card):
        ctx.table.say(f"{ctx.me.name}: {ctx.card.name} has left play, so no {good} goes on it", ctx.me.index)
        return
    ctx.table.from_general(good, amount)
    ctx.card.goods[good] += amount
    ctx.table.say(f"{ctx.me.name} puts {amount} {good} on {ctx.card.name}", ctx.me.index, card=ctx.card)


def move_to_card(ctx: Context, amount: int, good: str) -> None:
    if ctx.me.supply[good] < amount:
        raise IllegalAction(f"{ctx.me.name} has {ctx.me.supply[good]} {good}, needs {amount}")
    ctx.me.supply[good] -= amount
    ctx.table.to_general(good, amount)
    put_on_card(ctx, amount, good)


def remove_card(ctx: Context) -> None:
    remove_from_play(ctx.table, ctx.card)


def decline_card(ctx: Context) -> None:
    decline(ctx.table, ctx.card)


def remove_one_forest(ctx: Context) -> None:
    forests.remove_forest(ctx.table, ctx.me)


def remove_all_forests(ctx: Context) -> None:
    forests.remove_all_forests(ctx.table, ctx.me)


def remove_all_elders(ctx: Context) -> None:
    for elder in list(ctx.me.council):
        return_card_goods(ctx.table, elder)
        elders.remove_elder(ctx.table, elder)
    ctx.table.say(f"{ctx.me.name} removes all elders from play", ctx.me.index)


def put_elders_under_card(ctx: Context) -> None:
    """The effect "put all elders under this building" (its vocabulary impl clashes with the count). Nothing goes
    under a card that has left play: the Elders stay (ruling, as for goods: put_on_card)."""
    if not in_play(ctx.card):
        ctx.table.say(f"{ctx.me.name}: {ctx.card.name} has left play, so no Elder goes under it", ctx.me.index)
        return
    council = [elder for elder in ctx.me.council if elder is not ctx.card]  # a card never lies under itself
    for elder in council:
        elders.remove_elder(ctx.table, elder)
        ctx.card.under.extend([elder, *elder.under])  # one level under, as the table counts what lies there
        elder.under.clear()
    ctx.table.say(f"{ctx.me.name} puts {len(council)} elders under {ctx.card.name}", ctx.me.index, card=ctx.card)


def use_new_elder(ctx: Context) -> None:
    elders.use_new_elder(ctx.table, ctx.me, with_fish=True)


def try_new_elder(ctx: Context) -> None:
    """The action space's ruling (elders.take_elder): a new Elder that cannot be used is kept, unused."""
    elder = ctx.me.last_elder
    if elder is None or elder not in ctx.me.council:
        raise IllegalAction(f"{ctx.me.name} has no new Elder to use")
    elders.try_to_use(ctx.table, ctx.me, elder)


def use_new_elder_without_fish(ctx: Context) -> None:
    elders.use_new_elder(ctx.table, ctx.me, with_fish=False)


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
        elders.add_fish_to_elder(ctx.table, elder, amount)


def extra_turn(ctx: Context) -> None:
    code = sys._getframe(1)  # the card's compiled code, whose lines are the card file's
    count_extra_turn(ctx.me, ctx.card, (code.f_code.co_filename, code.f_lineno))
    actions.extra_turn(ctx.table, ctx.me)


def distribute_fish(ctx: Context, amount: int) -> None:
    """A distribution ends as the Fishing Phase's does: the fish on Shares move at once (ruling)."""
    distribute(ctx.table, ctx.me, amount)
    shares.settle_share_fish(ctx.table)


def remove_ship(ctx: Context) -> None:
    """The player picks which Ship; it goes back to the supply board and its Guest to the general supply."""
    player: Player = ctx.me
    if not player.track.ships:
        raise IllegalAction(f"{player.name} has no Ship to remove")
    index = ask(ctx.table, player.index, DecisionKind.SHIP, list(range(len(player.track.ships))), "remove which Ship?")
    ship = player.track.ships.pop(index)
    ctx.table.ships_left[ship.type] += 1
    ctx.table.say(f"{player.name} removes a {ship.type}", player.index)
    if ship.guest:
        player.supply["guest"] += 1
        goods.pay(ctx.table, player, "guest", 1)


def board_guests(ctx: Context) -> None:
    """The any-time chance to put Guests on Ships, offered in the middle of an effect (before what follows)."""
    goods.offer_guests_on_ships(ctx.table, ctx.me)


def unissue_share(ctx: Context) -> None:
    share = next((s for s in shares.live(ctx.table, ctx.me.index) if s.issued and s.holder == ctx.me.index), None)
    if share is None:
        raise IllegalAction(f"{ctx.me.name} holds no issued Share of their colour")
    share.issued, share.holder = False, None
    ctx.table.say(f"{ctx.me.name} turns a share to unissued", ctx.me.index)


def remove_own_shares(ctx: Context) -> None:
    for share in shares.live(ctx.table, ctx.me.index):
        share.removed = True
    ctx.table.say(f"{ctx.me.name} removes all shares of their colour from play", ctx.me.index)


def guests_on_visible_elders(ctx: Context, amount: int) -> None:
    """The player picks up to `amount` different visible Elders; whoever takes one, this player gets its Guest."""
    visible = [spec.name for spec in elders.visible_on_supply_board(ctx.table)]
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
        ctx.table.say(f"{ctx.me.name} puts a guest on elder {name}", ctx.me.index)


def free_fishing_space_indices(ctx: Context) -> range:
    first = board.occupied_track_spaces(ctx.table, ctx.me)
    return range(first, first + board.free_track_spaces(ctx.table, ctx.me))


def wood_on_fishing_spaces(ctx: Context, amount: int) -> None:
    """A gap counted as filled may be declined first, so that wood goes on its spaces too."""
    if amount <= 0:
        return
    board.decline_gap(ctx.table, ctx.me, "so that wood goes on its spaces too")
    spaces = ctx.me.track.space_goods
    for space in free_fishing_space_indices(ctx):
        spaces.extend({} for _ in range(space + 1 - len(spaces)))  # a card may have lengthened the track
        lying = spaces[space]
        ctx.table.from_general("wood", amount)
        lying["wood"] = lying.get("wood", 0) + amount
    ctx.table.say(f"{ctx.me.name} puts {amount} wood on each free fishing space", ctx.me.index)


def take_wood_under_ship(ctx: Context) -> None:
    """The next Ship takes the first free spaces, as many as its length; the wood lying there goes to the personal
    supply (the wood limit applies to the total)."""
    spaces = getattr(ctx.event, "spaces", None)
    if spaces is None:
        raise IllegalAction("no new Ship is being placed")
    first = board.occupied_track_spaces(ctx.table, ctx.me)
    wood = sum(lying.pop("wood", 0) for lying in ctx.me.track.space_goods[first : first + spaces])
    ctx.table.to_general("wood", wood)
    goods.gain(ctx.table, ctx.me, "wood", wood)


def return_fishing_space_wood(ctx: Context) -> None:
    for lying in ctx.me.track.space_goods:
        ctx.table.to_general("wood", lying.pop("wood", 0))


def return_elder(ctx: Context) -> None:
    if not ctx.me.council:
        raise IllegalAction(f"{ctx.me.name} has no Elder")
    elder = ask(ctx.table, ctx.me.index, DecisionKind.ELDER, list(ctx.me.council), "return which Elder?")
    elders.return_to_supply(ctx.table, elder)


def use_other_elder(ctx: Context, amount: int) -> None:
    """Pay the owner, occupy their unoccupied Elder with a Worker, and use it (its discard goes to the owner)."""
    others = [e for p in ctx.table.players if p is not ctx.me for e in p.council if e.worker is None]
    if not others:
        raise IllegalAction("no unoccupied Elder in another council")
    options = [Option(e, f"{e.owner.name} {e.name}") for e in others]
    elder = ask(ctx.table, ctx.me.index, DecisionKind.ELDER, options, "use whose Elder?")
    goods.pay(ctx.table, ctx.me, "fish", amount)
    goods.gain(ctx.table, elder.owner, "fish", amount)
    elder.worker = ctx.me.index
    elders.use_elder(ctx.table, ctx.me, elder)


def as_ship_action(ctx: Context) -> None:
    """Counts as a whole Build a Ship action: its before-window, then its after-window; with no Ship type, no Ships
    of "the built type" are left, and with no cost paid, no Guests were spent and no fish paid."""
    emit(ctx.table, BUILD_SHIP, Timing.BEFORE, ctx.me)
    emit(ctx.table, BUILD_SHIP, Timing.AFTER, ctx.me, ships_left_of_type=0, guests_spent=0, fish_paid=0)


def perform_action(ctx: Context, action_name: str) -> None:
    """An action without placing a Worker."""
    actions.perform(ctx.table, ctx.me, action_name, "card")
