"""The action spaces, and a worker turn: choose a space, an own Elder or an own worker-space card, or pass.

`via` says how an action was reached: "space" (the action board), "imitation" (the Imitation tile)
or "card" (a card effect, no Worker). It decides whether Take an Elder includes using the new Elder
and whether a Reforest counts as using the action space.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from runtime.core.attempts import choose_legal
from runtime.core.decisions import DecisionKind, Option, ask
from runtime.core.events import check_latches, count_any_time_use, emit, emit_each, run_bounded
from runtime.core.in_play import abilities_of
from runtime.core.rules_in_force import capacities, rule
from runtime.mechanics.banquet import can_fill_a_plate, serve_fish
from runtime.mechanics.board import forest_count
from runtime.mechanics.buildings import build_building, can_build_any
from runtime.mechanics.elders import free_seats, take_elder, use_elder
from runtime.mechanics.forests import deforest, reforest, thin_out
from runtime.mechanics.goods import empty_reserve, gain
from runtime.mechanics.shares import buy_all_shares, can_buy_all_shares, issue_share, unissued_shares
from runtime.mechanics.ships import build_ship, ship_types
from runtime.model.cards import Context
from runtime.model.declarations import ACTIONS as ALL_ACTIONS
from runtime.model.declarations import (
    BUILD_BUILDING_ACTION,
    BUILD_SHIP_ACTION,
    BUY_ALL_SHARES_ACTION,
    DEFOREST_ACTION,
    GOLD_ACTION,
    ISSUE_SHARE_ACTION,
    PLACE_WORKER,
    REFOREST_ACTION,
    SERVE_FISH_ACTION,
    TAKE_ELDER_ACTION,
    THIN_OUT_ACTION,
    TRANSFER_RESERVE,
    TRANSFER_RESERVE_ACTION,
    CardKind,
    Timing,
    TriggerKind,
)
from runtime.model.state import CardInPlay, IllegalAction, Player, Table


def transfer_reserve(table: Table, player: Player) -> None:
    if not any(player.reserve.values()):
        raise IllegalAction(f"{player.name} has an empty Reserve")
    emit(table, TRANSFER_RESERVE, Timing.BEFORE, player)
    empty_reserve(table, player)
    emit(table, TRANSFER_RESERVE, Timing.AFTER, player)


ACTIONS: dict[str, Callable[[Table, Player, str], object]] = {
    GOLD_ACTION.name: lambda table, player, via: gain(table, player, "gold", 1),
    TRANSFER_RESERVE_ACTION.name: lambda table, player, via: transfer_reserve(table, player),
    SERVE_FISH_ACTION.name: lambda table, player, via: serve_fish(table, player),
    BUILD_BUILDING_ACTION.name: lambda table, player, via: build_building(table, player),
    ISSUE_SHARE_ACTION.name: lambda table, player, via: issue_share(table, player),
    BUY_ALL_SHARES_ACTION.name: lambda table, player, via: buy_all_shares(table, player),
    DEFOREST_ACTION.name: lambda table, player, via: deforest(table, player),
    THIN_OUT_ACTION.name: lambda table, player, via: thin_out(table, player),
    REFOREST_ACTION.name: lambda table, player, via: reforest(table, player, on_action_space=via == "space"),
    BUILD_SHIP_ACTION.name: lambda table, player, via: build_ship(table, player),
    TAKE_ELDER_ACTION.name: lambda table, player, via: take_elder(table, player, use_now=via != "card"),
}


def perform(table: Table, player: Player, name: str, via: str) -> None:
    """Carry out an action; while it runs "during an action" holds. Latches are checked once it resolves."""
    if name not in ACTIONS:
        raise IllegalAction(f"unknown action {name}")
    session = table.session
    if session.keep_log:  # no text is built for a log nobody keeps (as for every log line below)
        title = TITLE_OF[name]
        article = "an" if title[0] in "AEIOU" else "a"
        table.say(f'{player.name} takes {article} "{title}" action {HOW[via]}', player.index)
    session.action_depth += 1
    try:
        ACTIONS[name](table, player, via)
    finally:
        session.action_depth -= 1
    check_latches(table)


# What an action needs to be carried out at all, as the table is now: the action itself refuses without it, so
# an action space (or the Imitation tile's action) is not offered without it (see possible).
NEEDS: dict[str, Callable[[Table, Player], bool]] = {
    TRANSFER_RESERVE_ACTION.name: lambda table, player: any(player.reserve.values()),
    SERVE_FISH_ACTION.name: can_fill_a_plate,
    BUY_ALL_SHARES_ACTION.name: can_buy_all_shares,
    ISSUE_SHARE_ACTION.name: lambda table, player: bool(unissued_shares(table, player)),
    DEFOREST_ACTION.name: lambda table, player: forest_count(table, player) > 0,
    BUILD_SHIP_ACTION.name: lambda table, player: bool(ship_types(table, player, first_only=True)),
    BUILD_BUILDING_ACTION.name: can_build_any,
    TAKE_ELDER_ACTION.name: lambda table, player: (
        free_seats(table, player) > 0 and any(table.elder_stacks)  # an Elder visible on the supply board
    ),
}
EVENT_OF = {action.name: action.event for action in ALL_ACTIONS}
TITLE_OF = {action.name: action.title for action in ALL_ACTIONS}
HOW = {"space": "on the action space", "imitation": "on the Imitation tile", "card": "through a card, without a Worker"}
PLACING_WINDOW = (PLACE_WORKER.name, Timing.BEFORE)
IMITATION = "imitation"  # the action space of the Imitation tile
# The before-window of each needing action's own event (None: it has no event), where a card may bring what is needed.
NEED_WINDOW = {name: None if EVENT_OF[name] is None else (EVENT_OF[name].name, Timing.BEFORE) for name in NEEDS}


def may_be_brought(table: Table, name: str) -> bool:
    """Whether a card listens before the action's own event or before a Worker is placed: such a card may bring
    what the action needs."""
    listeners, window = table.listeners, NEED_WINDOW[name]
    return bool(listeners.get(PLACING_WINDOW)) or (window is not None and bool(listeners.get(window)))


def open_spaces(table: Table, held: dict[str, int] | None = None) -> list[str]:
    held = capacities(table) if held is None else held
    return [name for name, workers in table.spaces.items() if len(workers) < held[name]]


def full_spaces(table: Table, held: dict[str, int] | None = None) -> list[str]:
    held = capacities(table) if held is None else held
    return [name for name, workers in table.spaces.items() if name != IMITATION and 0 < held[name] <= len(workers)]


def imitable(table: Table, player: Player, held: dict[str, int] | None = None) -> list[str]:
    """The fully occupied action spaces whose action could succeed (see possible)."""
    return [name for name in full_spaces(table, held) if possible(table, player, name)]


def worker_cards(table: Table, player: Player, extra: bool = False) -> list[CardInPlay]:
    """Own worker-space cards free this round, and not built on this very turn. In an extra turn (extra) only those
    whose Worker goes on an Elder, used this round or not (ruling: a worker space's once per Round counts the three
    worker turns; an extra turn is not one of them)."""
    cards, worker_space = [], TriggerKind.WORKER_SPACE  # an enum member looked up once: 0.3 µs each on Python 3.11
    for card in player.buildings:  # a plain loop costs less than a comprehension: asked every turn, most find none
        if (
            worker_space in card.spec.abilities_by_kind  # abilities_of inlined
            and (extra or card.used_round != table.round)
            and card.built_turn < table.turn_counter
        ):
            cards.append(card)
    if extra:
        return [card for card in cards if any(use.on_elder for use in abilities_of(card, worker_space))]
    return cards


class Pass:
    """The turn option of placing no Worker."""

    def __repr__(self) -> str:
        return "pass"


PASS = Pass()
PASS_OPTION = Option(PASS, "pass")


def turn_options(table: Table, player: Player, elders_and_spaces_only: bool = False) -> list[Option]:
    """The options of a worker turn (turn_candidates) that could succeed as far as is told without trying them."""
    legal = partial(possible, table, player)
    return [option for option in turn_candidates(table, player, elders_and_spaces_only) if legal(option.value)]


def turn_candidates(table: Table, player: Player, elders_and_spaces_only: bool = False) -> list[Option]:
    """Open action spaces by name, own unoccupied Elders and own free worker-space Buildings (the cards themselves),
    before asking whether each could succeed (possible). An extra turn's "available action" is an action space or an
    Elder only: then a card counts only if its Worker goes on an Elder."""
    options = open_space_options(table)
    for elder in player.council:  # a plain loop costs less than a comprehension
        if elder.worker is None:
            options.append(Option(elder, f"{elder.spec.name} (Elder)"))
    cards = worker_cards(table, player, extra=elders_and_spaces_only)
    if cards:
        options += [Option(card, f"{card.spec.name} (worker space)") for card in cards]
    return options


def possible(table: Table, player: Player, choice: object) -> bool:
    """Whether a turn option could succeed as far as is told without trying it: an action space's action is surely
    impossible, and is not offered, when it lacks its need (NEEDS) and no card may bring it (may_be_brought); the
    Imitation tile needs a fully occupied space whose action could succeed; an Elder, a worker-space card and passing
    are tried. The need is asked first: most asks find it met, and then no listener is looked up."""
    if choice.__class__ is not str:
        return True
    if choice == IMITATION:
        return bool(imitable(table, player))
    need = NEEDS.get(choice)  # type: ignore[call-overload]
    return need is None or need(table, player) or may_be_brought(table, choice)  # type: ignore[arg-type]


def open_space_options(table: Table) -> list[Option]:
    """The action spaces with room for a Worker (open_spaces) as turn options, each space's Option made once a table
    (Bases.space_options: asked on every worker turn, it saves 4.5% of a game's instructions)."""
    options = table.bases.space_options
    if options is None:
        options = table.bases.space_options = {name: Option(name, name.replace("_", " ")) for name in table.spaces}
    return [options[name] for name in open_spaces(table)]


def take_turn(table: Table, player: Player, extra: bool = False) -> object:
    """One worker turn (an extra turn, without passing, offers only an available action). Options that surely
    cannot succeed are not offered; one that turns out impossible or pointless is restored and dropped. "As soon
    as" abilities whose condition holds fire first, so the options see what they bring."""
    check_latches(table)
    table.turn_counter += 1
    options = turn_candidates(table, player, elders_and_spaces_only=extra)
    if not extra:
        options.append(PASS_OPTION)
    elif not options:
        raise IllegalAction(f"{player.name} has no available action")
    return choose_legal(
        table,
        player.index,
        DecisionKind.ACTION,
        options,
        "what does your Worker do?",
        partial(place_worker, table, player),  # a partial, not a lambda: no Python frame of its own
        partial(possible, table, player),
    )


def place_worker(table: Table, player: Player, choice: object) -> object:
    """choice: an action space name, an own Elder, an own worker-space Building, or PASS."""
    if choice is PASS:
        if table.session.keep_log:
            table.say(f"{player.name} passes", player.index)
        return choice
    emit(table, PLACE_WORKER, Timing.BEFORE, player)
    if isinstance(choice, CardInPlay) and choice.spec.kind is CardKind.ELDER:
        choice.worker = player.index
        run_worker_action(table, player, lambda: use_elder(table, player, choice))
    elif isinstance(choice, CardInPlay):
        choice.worker, choice.used_round = player.index, table.round
        run_worker_action(table, player, lambda: use_worker_space(table, player, choice))
    else:
        table.spaces[choice].append(player.index)
        if choice == IMITATION:
            imitate(table, player)
        else:
            perform(table, player, choice, "space")
    emit_each(table, PLACE_WORKER, Timing.AFTER, [player], checked=True)  # each way above ends with a latch check
    return choice


def run_worker_action(table: Table, player: Player, act: Callable[[], None]) -> None:
    session = table.session
    session.action_depth += 1
    try:
        act()
    finally:
        session.action_depth -= 1
    check_latches(table)


def use_worker_space(table: Table, player: Player, card: CardInPlay) -> None:
    ctx = Context(table, player, card)
    for ability in abilities_of(card, TriggerKind.WORKER_SPACE):
        if ability.guard is not None and not ability.guard(ctx):
            raise IllegalAction(f"{card.name} cannot be used now")
        ability.effect(ctx)


def imitate(table: Table, player: Player) -> None:
    """Assumed: the Imitation tile carries out the action of a fully occupied action space."""
    full = imitable(table, player)
    if not full:
        raise IllegalAction("no fully occupied action space to imitate")
    choose_legal(
        table,
        player.index,
        DecisionKind.IMITATE,
        full,
        "imitate which action?",
        lambda name: perform(table, player, name, "imitation"),
    )


def extra_turn(table: Table, player: Player) -> None:
    """An additional turn with an available action (no passing), counted as worker turn 4."""
    saved = player.turns_taken
    player.turns_taken = rule(table, player, "workers") + 1
    try:
        take_turn(table, player, extra=True)
    finally:
        player.turns_taken = saved


def offer_any_time(table: Table, player: Player) -> None:
    """Between turns, the player may use any "at any time" ability whose guard holds, as often as they like."""
    any_time = TriggerKind.ANY_TIME  # an enum member looked up once: 0.3 µs each on Python 3.11
    while True:
        usable = []
        for card in player.buildings:  # plain loops cost less than a comprehension: asked between turns, most find none
            for ability in card.spec.abilities_by_kind.get(any_time, ()):  # abilities_of inlined
                if ability.guard is None or ability.guard(Context(table, player, card)):
                    usable.append((card, ability))
        if not usable:
            return
        options = [Option(None, "done"), *(Option(use, f"{use[0].name}: {use[1].text}") for use in usable)]
        choice = ask(table, player.index, DecisionKind.ANY_TIME, options, "use an any-time ability?")
        if choice is None:
            return
        card, ability = choice
        count_any_time_use(player, card, ability)
        if not run_bounded(table, card, ability, Context(table, player, card)):
            return
        check_latches(table)
