"""The steps only a worked example takes: setting counts for its `given`, the example-only effects (Workers
placed by hand, phases, rounds and the game run, the game scored), and the counts only an example reads."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from runtime.core.attempts import attempt
from runtime.core.decisions import DecisionKind, ask
from runtime.core.in_play import attach, remove_from_play
from runtime.core.rules_in_force import capacity, printed_plates, rule
from runtime.examples import place_without_building
from runtime.game import phases
from runtime.game.actions import place_worker, turn_options
from runtime.game.driver import play_fishing_phase, play_rest_of_round, play_whole_round, play_work_phase
from runtime.mechanics import board, goods, scoring
from runtime.mechanics.buildings import build
from runtime.mechanics.shares import live
from runtime.model.cards import CardSpec, Context
from runtime.model.declarations import CardKind
from runtime.model.state import CardInPlay, IllegalAction, Player, Ship, Table, player_number
from runtime.wording import counted


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
    blank = CardSpec(kind=CardKind.ELDER, name="Elder", deck="example", code="E00", costs=lambda ctx: ())
    ctx.me.council[:] = ctx.me.council[:value]
    ctx.me.council += [CardInPlay(blank, ctx.me) for _ in range(value - len(ctx.me.council))]


def set_ships(ctx: Context, ship: str, value: int) -> None:
    """The player's Ships of a type come from (or go back to) the supply board."""
    track = ctx.me.track
    others = [s for s in track.ships if s.type != ship]
    ctx.table.ships_left[ship] += len(track.ships) - len(others) - value
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
    for n, printed in enumerate(printed_plates(ctx.table)):
        plates[n] = min(printed, value)
        value -= plates[n]


def build_this_card(ctx: Context) -> None:
    """Build the example's card (dealt into the hand first, its `requires` checked by the build as in play: one that
    holds only with the Ghost Ship's gap declined asks to decline it); afterwards "this building" means it.

    The card leaves play first, whoever has it (the copy the example put in play for its givens, or the card an
    earlier step built), so it is built for real and never twice: each Building is one card."""
    spec = ctx.table.session.example_card
    if spec is None:
        raise IllegalAction("this example is not on a card")
    for card in [card for player in ctx.table.players for card in player.buildings if card.spec is spec]:
        remove_from_play(ctx.table, card)
    ctx.me.hand.append(spec)
    ctx.card = build(ctx.table, ctx.me, spec)


def put_in_play(ctx: Context, name: str) -> None:
    """Another Building in play for the owner, as though built earlier: taken from the display, a deck
    or a hand, unpaid, its when-built not run."""
    place_without_building(ctx.table, ctx.me, take_out(ctx.table, name))


def put_in_hand(ctx: Context, name: str) -> None:
    """A Building into the acting player's hand, so a build (an Elder's too) can offer it."""
    ctx.me.hand.append(take_out(ctx.table, name))


def take_out(table: Table, name: str) -> CardSpec:
    """The Building of that name out of the display, a deck or a hand (refused if it is in play)."""
    not_in_play(table, name)
    for cards in (table.display, *table.decks.values(), *(p.hand for p in table.players)):
        spec = next((s for s in cards if s.name == name and s.kind is CardKind.BUILDING), None)
        if spec is not None:
            cards.remove(spec)
            return spec
    raise IllegalAction(f"no Building named {name} is left to take")


def not_in_play(table: Table, name: str) -> None:
    """Each Building is one card in the game, so one in play (anyone's, the example's own card too) cannot be put
    in play again: the example table keeps its card in a deck besides, and a second copy would fire twice."""
    owner = next((p for p in table.players if any(card.name == name for card in p.buildings)), None)
    if owner is not None:
        raise IllegalAction(f"{name} is already in play (player {player_number(owner.index)}'s)")


def run_fishing_phase(ctx: Context) -> None:
    play_fishing_phase(ctx.table)


def guest_on_ship(ctx: Context) -> None:
    open_ships = goods.ships_open_for_guests(ctx.me)
    if not open_ships:
        raise IllegalAction(f"{ctx.me.name} has no Ship without a Guest")
    goods.place_guest_on_ship(
        ctx.table, ctx.me, ask(ctx.table, ctx.me.index, DecisionKind.GUEST_ON_SHIP, open_ships, "which Ship?")
    )


# Workers --------------------------------------------------------------------------------------


def worker_on(ctx: Context, choice: object, what: str) -> None:
    """A worker turn on the choice named (an action space, an own Elder or Building), as the Work Phase takes it,
    without asking which."""
    table, player = ctx.table, ctx.me
    if not any(option.value is choice or option.value == choice for option in turn_options(table, player)):
        raise IllegalAction(f"player {player_number(player.index)} cannot place a Worker on {what} now")
    table.turn_counter += 1
    attempt(table, lambda: place_worker(table, player, choice))


def worker_on_space(ctx: Context, space: str) -> None:
    if space in ctx.table.spaces and len(ctx.table.spaces[space]) >= capacity(ctx.table, space):
        raise IllegalAction(f"the {space.replace('_', ' ')} action space is full")
    worker_on(ctx, space, f"the {space.replace('_', ' ')} action space")


def own_card(player: Player, name: str) -> CardInPlay:
    for card in player.buildings:
        if card.name == name:
            return card
    raise IllegalAction(f'player {player_number(player.index)} has no "{name}" in play')


def worker_on_card(ctx: Context, name: str) -> None:
    card = own_card(ctx.me, name)
    if card.used_round == ctx.table.round:
        raise IllegalAction(f'the worker space of "{name}" was already used this Round')
    worker_on(ctx, card, f'"{name}"')


def worker_on_this_card(ctx: Context) -> None:
    if ctx.card is None:
        raise IllegalAction("this example is not on a card")
    worker_on_card(ctx, ctx.card.name)


def worker_on_elder(ctx: Context, name: str) -> None:
    for elder in ctx.me.council:
        if elder.name == name:
            if elder.worker is not None:
                raise IllegalAction(f'the Elder "{name}" is already occupied')
            worker_on(ctx, elder, f'the Elder "{name}"')
            return
    raise IllegalAction(f'player {player_number(ctx.me.index)} has no Elder "{name}"')


# Phases, rounds and the game -------------------------------------------------------------------


def run_work_phase(ctx: Context) -> None:
    play_work_phase(ctx.table)


def run_round_end(ctx: Context) -> None:
    """The end of the Round and the moment after it, as the driver runs them."""
    phases.end_of_round(ctx.table)
    phases.between_actions(ctx.table)


def run_returning_home(ctx: Context) -> None:
    phases.returning_home(ctx.table)
    phases.between_actions(ctx.table)


def play_a_round(ctx: Context) -> None:
    """The first round played is the rest of the current one (the example's `round`): the example table stands after
    its Fishing Phase, at its worker turns, as play does in Round 1 (issue 34 §4). Each later one is the next, whole."""
    table = ctx.table
    if ctx.event.rounds_played == 0:
        play_rest_of_round(table)
    else:
        rounds = rule(table, None, "rounds")
        if table.round >= rounds:
            raise IllegalAction(f"the game ends after Round {rounds}")
        play_whole_round(table)
    ctx.event.rounds_played += 1


def play_to_end(ctx: Context) -> None:
    while ctx.table.round < rule(ctx.table, None, "rounds") or ctx.event.rounds_played == 0:
        play_a_round(ctx)
    score_game(ctx)


def score_game(ctx: Context) -> None:
    ctx.event.scores = phases.final_scores(ctx.table)


# Counts -----------------------------------------------------------------------------------------


def score_part(ctx: Context, part: str) -> Fraction:
    return scoring.score(ctx.table, ctx.me)[part]


def score_total(ctx: Context) -> Fraction:
    return score_part(ctx, "total")


def vp_of_card(ctx: Context, name: str) -> Fraction:
    """The named Building of the acting player, else of whoever has it in play."""
    players = [ctx.me, *(p for p in ctx.table.players if p is not ctx.me)]
    for player in players:
        for card in player.buildings:
            if card.name == name:
                return scoring.building_vp(ctx.table, player, card)
    raise IllegalAction(f'no "{name}" is in play')


def ships_on_supply_board(ctx: Context, ship: str) -> int:
    return ctx.table.ships_left[ship]


def fish_on_named_elder(ctx: Context, name: str) -> int:
    elder = next((elder for elder in ctx.me.council if elder.name == name), None)
    return elder.goods["fish"] if elder is not None else 0


def shares_of_player_in_supply(ctx: Context, player: str) -> int:
    colour = int(player) - 1
    return sum(s.issued and s.holder == ctx.me.index for s in live(ctx.table, colour))


def own_shares_on_board(ctx: Context) -> int:
    return sum(s.on_board for s in live(ctx.table, ctx.me.index))


def own_unissued_shares(ctx: Context) -> int:
    return sum(not s.issued for s in live(ctx.table, ctx.me.index))


# Settings -------------------------------------------------------------------------------------


def set_fish_on_named_elder(ctx: Context, name: str, value: int) -> None:
    """Seat the named Elder in the acting player's council (from the supply board if it is there), with value fish."""
    elder = next((elder for elder in ctx.me.council if elder.name == name), None)
    if elder is None:
        spec, origin = take_elder_spec(ctx.table, name)
        ctx.table.elders_taken.add(name)
        elder = CardInPlay(spec, ctx.me, origin=origin)
        ctx.me.council.append(elder)
        attach(ctx.table, elder)
    elder.goods["fish"] = value


def take_elder_spec(table: Table, name: str) -> tuple[CardSpec, int]:
    for origin, stack in enumerate(table.elder_stacks):
        for spec in stack:
            if spec.name == name:
                stack.remove(spec)
                return spec, origin
    if name in table.elders_taken:
        raise IllegalAction(f'no Elder "{name}" is left on the supply board')
    game = counted(len(table.players), "player")
    raise IllegalAction(f'the Elder "{name}" is not in a game of {game}: set-up left it out')


def set_shares_held(ctx: Context, player: str, value: int) -> None:
    set_shares(ctx.table, int(player) - 1, ctx.me.index, value)


def set_shares(table: Table, colour: int, holder: int | None, value: int) -> None:
    """Issued Shares of a colour where holder has them (None: the Share board), turned from or to unissued."""
    shares = live(table, colour)
    there = [s for s in shares if s.issued and s.holder == holder]
    unissued = [s for s in shares if not s.issued]
    if value > len(there) + len(unissued):
        left = len(there) + len(unissued)
        raise IllegalAction(f"player {player_number(colour)} has only {left} Shares left to place there")
    for share in there[value:]:
        share.issued, share.holder = False, None
    for share in unissued[: max(0, value - len(there))]:
        share.issued, share.holder = True, holder


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
    "ships_on_supply_board": lambda ctx, ship, value: ctx.table.ships_left.__setitem__(ship, value),
    "fish_on_named_elder": set_fish_on_named_elder,
    "shares_of_player_in_supply": lambda ctx, player, value: set_shares(
        ctx.table, int(player) - 1, ctx.me.index, value
    ),
    "own_shares_on_board": lambda ctx, value: set_shares(ctx.table, ctx.me.index, None, value),
}
