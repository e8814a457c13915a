"""The example-only phrases of the vocabulary: Workers placed by hand, phases and rounds run, the game scored,
and the counts and settings only a worked example reads or sets."""

from __future__ import annotations

from fractions import Fraction

from runtime.engine import phases
from runtime.engine.actions import place_worker, turn_options
from runtime.engine.attempts import attempt
from runtime.engine.play import attach
from runtime.mechanics import scoring
from runtime.mechanics.shares import live
from runtime.model.cards import CardSpec, Context
from runtime.model.state import CardInPlay, IllegalAction, Player, Table

# Workers --------------------------------------------------------------------------------------


def worker_on(ctx: Context, option: str, what: str) -> None:
    """A worker turn on the option named, as the Work Phase takes it, without asking which."""
    table, player = ctx.table, ctx.me
    if option not in turn_options(table, player):
        raise IllegalAction(f"player {player.index + 1} cannot place a Worker on {what} now")
    table.turn_counter += 1
    attempt(table, lambda: place_worker(table, player, option))


def worker_on_space(ctx: Context, space: str) -> None:
    capacity = ctx.table.rules.capacity(space, len(ctx.table.players))
    if space in ctx.table.spaces and len(ctx.table.spaces[space]) >= capacity:
        raise IllegalAction(f"the {space.replace('_', ' ')} action space is full")
    worker_on(ctx, space, f"the {space.replace('_', ' ')} action space")


def own_card(player: Player, name: str) -> tuple[int, CardInPlay]:
    for index, card in enumerate(player.buildings):
        if card.name == name:
            return index, card
    raise IllegalAction(f'player {player.index + 1} has no "{name}" in play')


def worker_on_card(ctx: Context, name: str) -> None:
    index, card = own_card(ctx.me, name)
    if card.used_round == ctx.table.round:
        raise IllegalAction(f'the worker space of "{name}" was already used this Round')
    worker_on(ctx, f"card {index} {name}", f'"{name}"')


def worker_on_this_card(ctx: Context) -> None:
    if ctx.card is None:
        raise IllegalAction("this example is not on a card")
    worker_on_card(ctx, ctx.card.name)


def worker_on_elder(ctx: Context, name: str) -> None:
    for index, elder in enumerate(ctx.me.council):
        if elder.name == name:
            if elder.worker is not None:
                raise IllegalAction(f'the Elder "{name}" is already occupied')
            worker_on(ctx, f"elder {index} {name}", f'the Elder "{name}"')
            return
    raise IllegalAction(f'player {ctx.me.index + 1} has no Elder "{name}"')


# Phases, rounds and the game -------------------------------------------------------------------


def run_work_phase(ctx: Context) -> None:
    phases.work_phase(ctx.table)


def run_round_end(ctx: Context) -> None:
    phases.end_of_round(ctx.table)


def run_returning_home(ctx: Context) -> None:
    phases.returning_home(ctx.table)


def play_a_round(ctx: Context) -> None:
    """The first round played is the current one (the example's `round`); each later one is the next."""
    table = ctx.table
    if ctx.event.rounds_played == 0:
        table.round -= 1
    if table.round >= table.rules.rounds:
        raise IllegalAction(f"the game ends after Round {table.rules.rounds}")
    phases.play_round(table)
    ctx.event.rounds_played += 1


def play_to_end(ctx: Context) -> None:
    while ctx.table.round < ctx.table.rules.rounds or ctx.event.rounds_played == 0:
        play_a_round(ctx)
    score_game(ctx)


def score_game(ctx: Context) -> None:
    ctx.event.scores = scoring.final_scores(ctx.table)


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


def set_ships_on_supply_board(ctx: Context, ship: str, value: int) -> None:
    ctx.table.ships_left[ship] = value


def set_fish_on_named_elder(ctx: Context, name: str, value: int) -> None:
    """Seat the named Elder in the acting player's council (from the supply board if it is there), with value fish."""
    elder = next((elder for elder in ctx.me.council if elder.name == name), None)
    if elder is None:
        spec, origin = take_elder_spec(ctx.table, name)
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
    raise IllegalAction(f'no Elder "{name}" is left on the supply board')


def set_shares_of_player_in_supply(ctx: Context, player: str, value: int) -> None:
    set_shares(ctx.table, int(player) - 1, ctx.me.index, value)


def set_own_shares_on_board(ctx: Context, value: int) -> None:
    set_shares(ctx.table, ctx.me.index, None, value)


def set_shares(table: Table, colour: int, holder: int | None, value: int) -> None:
    """Issued Shares of a colour where holder has them (None: the Share board), turned from or to unissued."""
    shares = live(table, colour)
    there = [s for s in shares if s.issued and s.holder == holder]
    unissued = [s for s in shares if not s.issued]
    if value > len(there) + len(unissued):
        raise IllegalAction(f"player {colour + 1} has only {len(there) + len(unissued)} Shares left to place there")
    for share in there[value:]:
        share.issued, share.holder = False, None
    for share in unissued[: max(0, value - len(there))]:
        share.issued, share.holder = True, holder


SETTERS = {
    "ships_on_supply_board": set_ships_on_supply_board,
    "fish_on_named_elder": set_fish_on_named_elder,
    "shares_of_player_in_supply": set_shares_of_player_in_supply,
    "own_shares_on_board": set_own_shares_on_board,
}
