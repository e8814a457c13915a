"""The table a worked example starts from, what its expectations may read, and the checks of its set-up."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from runtime.core.in_play import LISTENING
from runtime.core.rules_in_force import printed_plates, rule
from runtime.examples.decider import ExampleDecider
from runtime.game.setup import new_table
from runtime.mechanics.board import forest_count, occupied_track_spaces
from runtime.mechanics.buildings import placements
from runtime.model.cards import CardSpec, Context, Example
from runtime.model.declarations import CardKind, TriggerKind
from runtime.model.state import CardInPlay, Player, Table, player_number
from runtime.wording import counted

PLAYERS = 2
SEED = 0


class ExampleFacts:
    """What an example's steps may read besides counts: the card's VP, and how far whole rounds have been played.
    ctx is the context of the step being run (the runner sets it): `vp` is the VP the card gives the player that step
    names, 0 if that player does not have it."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.rounds_played = 0
        self.scores: dict[int, dict[str, int | Fraction]] = {}

    @property
    def vp(self) -> int | Fraction:
        card = self.ctx.card
        if card is None or card.spec.vp is None:
            return 0
        return card.spec.vp(Context(self.ctx.table, self.ctx.me, card))


def place_without_building(table: Table, player: Player, spec: CardSpec) -> CardInPlay:
    """The card in play for its givens: on the first space its placement rules allow (the Fishing track when
    they say so), unpaid, its when-built not run."""
    cells = [space for space in placements(table, player, spec) if isinstance(space, tuple)]
    card = CardInPlay(spec, player, cell=cells[0] if cells else None)
    if card.cell is None:
        player.track.cards.append(card)
    else:
        player.harbor.cells[card.cell] = card
    player.buildings.append(card)
    for index, ability in enumerate(spec.abilities):
        if ability.kind in LISTENING:
            table.listeners.setdefault((ability.event, ability.timing), []).append((card, ability))
        elif ability.kind is TriggerKind.AS_SOON_AS:
            table.latches.append((card, index))
    return card


def example_players(card: CardSpec | None) -> int:
    """Every example starts at 2 players, but an example of a card that is no part of 2-player games (its `players`
    line) starts at the fewest players it is part of: the card is never shown where set-up leaves it out."""
    if card is None or card.in_game(PLAYERS):
        return PLAYERS
    return min(card.players)


def example_table(example: Example, specs: Sequence[CardSpec]) -> tuple[Table, Context]:
    """A fresh seeded table in Round 1, after its Fishing Phase, at its first worker turn, with the players the card
    the example is written under needs (example_players; an Elder's `players` too); player 1 (index 0) owns the
    example's Building, already in play, unless the example builds it: then it is in a deck until it is built, so
    none of its abilities runs before (a `given` before the build cannot set off its "as soon as")."""
    card = next((spec for spec in specs if spec.kind is CardKind.BUILDING and spec.name == example.card), None)
    written_under = next((spec for spec in specs if example.code is not None and spec.code == example.code), card)
    table = new_table(example_players(written_under), specs, seed=SEED)
    table.session.decider = ExampleDecider(table)
    table.round = 1
    table.session.example_card = card
    ctx = Context(table, table.players[0])
    if table.session.example_card is not None and not example.builds:
        ctx.card = place_without_building(table, ctx.me, table.session.example_card)
    ctx.event = ExampleFacts(ctx)
    return table, ctx


def starting_table(specs: Sequence[CardSpec] = (), card: CardSpec | None = None) -> list[str]:
    """The table the examples (of `card`, or of every card in 2-player games) start from, in words, read off a real
    example table (docs/examples.md and `nus explain`)."""
    players = example_players(card)
    table = new_table(players, specs, seed=SEED)
    player = table.players[0]
    goods = ", ".join(goods_words(good, amount) for good, amount in player.supply.items())
    shares = sum(share.issued and share.holder == 0 for share in table.shares)
    elders = sum(len(stack) for stack in table.elder_stacks)
    return [
        f"{counted(players, 'player')}, seed {SEED}, Round 1, after its Fishing Phase, no worker turn taken yet; "
        "player 1 owns the card, already in play on its first free Building space (unpaid, its when-built not run), or "
        "in a deck until it is built in an example that builds it",
        f"each player: {goods} in the personal supply, an empty Reserve, no Ships besides the catboat, no Elders",
        f"each player: {forest_count(table, player)} Forests ({', '.join(map(str, player.harbor.forests))} on the "
        f"double spaces 1-{len(player.harbor.forests)}), {shares} issued Shares of their own colour in their supply",
        f"supply board: {', '.join(f'{left} {kind}s' for kind, left in table.ships_left.items())}; "
        f"{elders} Elders in {len(table.elder_stacks)} stacks; "
        f"Banquet Table plates {list(printed_plates(table))}, empty",
    ]


def goods_words(good: str, amount: int) -> str:
    """'2 wood', '0 Guests', '1 Guest': Guests are counted, as docs/examples.md's description of this table says."""
    return f"{amount} {'Guest' if amount == 1 else 'Guests'}" if good == "guest" else f"{amount} {good}"


def problems(table: Table) -> list[str]:
    """States the rules never allow, which a `given` must not create."""
    found = []
    rounds, workers = rule(table, None, "rounds"), rule(table, None, "workers")
    if not 1 <= table.round <= rounds:
        found.append(f"round {table.round} is not one of 1 to {rounds}")
    for player in table.players:
        who = f"player {player_number(player.index)}"
        limit = rule(table, player, "wood_limit")
        if player.supply["wood"] > limit:
            found.append(f"{who} has {player.supply['wood']} wood, over the wood limit of {limit}")
        reserve = rule(table, player, "reserve_fish_limit")
        if player.reserve["fish"] > reserve:
            found.append(f"{who} has {player.reserve['fish']} fish in the Reserve, over {reserve}")
        seats = rule(table, player, "elder_seats")
        if len(player.council) > seats:
            found.append(f"{who} has {len(player.council)} Elders in {seats} seats")
        taken, spaces = occupied_track_spaces(table, player), rule(table, player, "track_spaces")
        if taken > spaces:
            found.append(f"{who}'s Ships and Buildings take {taken} of the Fishing track's {spaces} spaces")
        if not 0 <= player.turns_taken <= workers:
            found.append(f"worker turn {player.turns_taken} is not one of 1 to {workers}")
        for place, goods in (("supply", player.supply), ("Reserve", player.reserve)):
            found += [f"{who} has {amount} {good} in the {place}" for good, amount in goods.items() if amount < 0]
    found += [too_many(-left, kind) for kind, left in table.ships_left.items() if left < 0]
    return found


def too_many(count: int, kind: str) -> str:
    return f"1 {kind} too many is in play" if count == 1 else f"{count} {kind}s too many are in play"
