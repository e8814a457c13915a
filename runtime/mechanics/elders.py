"""Taking Elders from the supply board, using them, and the 3-fish discard."""

from __future__ import annotations

from runtime.core.decisions import DecisionKind, ask
from runtime.core.events import emit, start_running
from runtime.core.in_play import abilities_of, attach, detach, in_play, return_card_goods
from runtime.core.rules_in_force import rule, rule_holders
from runtime.mechanics.banquet import plate_options
from runtime.mechanics.goods import gain, to_reserve
from runtime.model.cards import CardSpec, Context
from runtime.model.declarations import ELDER_DISCARD, TAKE_ELDER, USE_ELDER, Timing, TriggerKind
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


def visible_on_supply_board(table: Table) -> list[CardSpec]:
    return [stack[-1] for stack in table.elder_stacks if stack]


def free_seats(table: Table, player: Player) -> int:
    return rule(table, player, "elder_seats") - len(player.council)


def take_elder(table: Table, player: Player, use_now: bool) -> CardInPlay:
    """Take a visible Elder into a free seat; on the action space the new Elder is used at once.

    Ruling, for every "take an Elder and use it" (the action space, the Cabin in the Woods): the use runs
    all-or-nothing; if it cannot be done (empty Banquet Table, impossible Elder action) the Elder is still
    taken, unused.
    """
    emit(table, TAKE_ELDER, Timing.BEFORE, player)
    if free_seats(table, player) <= 0:
        raise IllegalAction(f"{player.name} has no free Elder seat")
    visible = visible_on_supply_board(table)
    if not visible:
        raise IllegalAction("no Elder left on the supply board")
    name = ask(table, player.index, DecisionKind.ELDER, [spec.name for spec in visible], "take which Elder?")
    origin = next(i for i, stack in enumerate(table.elder_stacks) if stack and stack[-1].name == name)
    card = CardInPlay(table.elder_stacks[origin].pop(), player, built_turn=table.turn_counter, origin=origin)
    player.council.append(card)
    player.last_elder = card
    table.elders_taken.add(name)
    if table.session.keep_log:
        table.say(f"{player.name} takes elder {name}", player.index)
    for beneficiary in table.elder_guests.pop(name, []):
        table.to_general("guest", 1)
        gain(table, table.players[beneficiary], "guest", 1)
    attach(table, card)
    if use_now:
        try_to_use(table, player, card)
    emit(table, TAKE_ELDER, Timing.AFTER, player)
    return card


def try_to_use(table: Table, player: Player, elder: CardInPlay, with_fish: bool = True) -> bool:
    """Use a new Elder if it can be; an Elder a card removed from play since it was taken cannot be (its fish would
    leave the table with it)."""
    if not in_play(elder):
        if table.session.keep_log:
            table.say(f"{player.name} cannot use {elder.name} (it has left play)", player.index, card=elder)
        return False
    with table.snapshot() as mark:
        try:
            use_elder(table, player, elder, with_fish)
        except IllegalAction as why:
            table.restore(mark)
            if table.session.keep_log:
                table.say(f"{player.name} cannot use {elder.name} ({why})", player.index, card=elder)
            return False
    return True


def use_elder(table: Table, user: Player, elder: CardInPlay, with_fish: bool = True) -> None:
    """Feed the Elder a fish from the Banquet Table, then carry out its action for the user. One that a hook of the
    before-window took out of play cannot be used (its fish would leave the table with it)."""
    was_in_play = in_play(elder)
    emit(table, USE_ELDER, Timing.BEFORE, user)
    if was_in_play and not in_play(elder):
        raise IllegalAction(f"{elder.name} has left play")
    if with_fish:
        feed_from_banquet(table, user, elder)
    user.elders_used_round += 1
    if table.session.keep_log:
        table.say(f"{user.name} uses elder {elder.name}", user.index, card=elder)
    ctx = Context(table, user, elder)
    for ability in abilities_of(elder, TriggerKind.ELDER_USE):
        if ability.guard is None or ability.guard(ctx):
            running = start_running(table, elder, ability)  # a use may use the new Elder: itself, again
            try:
                ability.effect(ctx)
            finally:
                running.pop()
    emit(table, USE_ELDER, Timing.AFTER, user)


def feed_from_banquet(table: Table, user: Player, elder: CardInPlay) -> None:
    """One fish from the fullest plate (the user picks among equally full ones); never from a player's own fish."""
    most = max(table.plates)
    if most == 0:
        raise IllegalAction("no fish on the Banquet Table")
    plates, options = plate_options(table), []
    for plate, fish in enumerate(table.plates):  # a plain loop costs less than comprehensions
        if fish == most:
            options.append(plates[plate])
    plate = ask(table, user.index, DecisionKind.PLATE, options, "take the Elder's fish from which plate?")
    table.plates[plate] -= 1
    table.to_general("fish", 1)
    add_fish_to_elder(table, elder, 1)


def add_fish_to_elder(table: Table, elder: CardInPlay, amount: int) -> None:
    """Fish from the general supply, one at a time, each counted with TrackedDict.add (one call instead of a read and
    a journaled write). A discard's hook may take the Elder out of play: the fish not yet placed stay in the supply."""
    goods, council = elder.goods, elder.owner.council
    for _ in range(amount):
        if elder not in council:
            return
        table.from_general("fish", 1)
        goods.add("fish", 1)
        if goods["fish"] >= rule(table, elder.owner, "elder_discard_at"):
            discard(table, elder)


def discard(table: Table, elder: CardInPlay) -> None:
    """An Elder with 3 fish: 1 to its owner's supply (or a card that takes it), the rest to the general supply."""
    owner = elder.owner
    discarded = rule(table, owner, "elder_discard_at")
    elder.goods.add("fish", -discarded)
    table.to_general("fish", discarded)
    if table.session.keep_log:
        table.say(f"{owner.name} elder {elder.name} discards {discarded} fish", owner.index, card=elder)
    room = owner.reserve["fish"] < rule(table, owner, "reserve_fish_limit")
    if (
        room
        and rule(table, owner, "discard_to_reserve")
        and ask(table, owner.index, DecisionKind.MAY, [True, False], "put one discarded fish in your Reserve?")
    ):
        to_reserve(table, owner, "fish", 1)
    send_discarded_fish(table, owner, rule(table, owner, "elder_discard_to_supply"))
    emit(table, ELDER_DISCARD, Timing.AFTER, owner)


def send_discarded_fish(table: Table, owner: Player, amount: int) -> None:
    holders = rule_holders(table, owner, "discard_to_card")
    target: object = "supply"
    if holders:
        target = ask(
            table, owner.index, DecisionKind.DISCARD_FISH, ["supply", *holders], "where does the Elder's fish go?"
        )
    if isinstance(target, CardInPlay):
        table.from_general("fish", amount)
        target.goods.add("fish", amount)
    else:
        gain(table, owner, "fish", amount)


def remove_elder(table: Table, elder: CardInPlay) -> None:
    """An Elder leaves the council for good (not back to the supply board)."""
    elder.owner.council.remove(elder)
    detach(table, elder)


def return_to_supply(table: Table, elder: CardInPlay) -> None:
    """Back on top of the stack it came from, its fish first moved into the owner's personal supply."""
    owner = elder.owner
    fish = elder.goods["fish"]
    return_card_goods(table, elder)
    gain(table, owner, "fish", fish)
    remove_elder(table, elder)
    table.elder_stacks[elder.origin].append(elder.spec)
    if table.session.keep_log:
        table.say(f"{owner.name} returns elder {elder.name} to the supply board", owner.index, card=elder)


def use_new_elder(table: Table, player: Player, with_fish: bool) -> None:
    elder = player.last_elder
    if elder is None or elder not in player.council:
        raise IllegalAction(f"{player.name} has no new Elder to use")
    use_elder(table, player, elder, with_fish)
