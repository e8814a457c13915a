"""Goods put on a card that has left play (issue 36 §1: 18 of the generator's 20 broken invariants). The card is no
longer on the table to hold them, so they stay in, or go back to, the general supply, as the goods on it did when it
left (in_play.return_card_goods). Ruling, from the rulebook's Harbor Grill: "you must pay 2 fish from your personal
supply, returning the fish to the general supply. (Alternatively, you can use those fish to mark the Ships ...)":
goods moved onto a card are paid to the general supply, the card only marks them; with no card there is nothing to
mark. Every good is conserved against the ledger either way."""

from __future__ import annotations

import pytest

from compiler import load_cards
from runtime.model.cards import Context
from runtime.model.state import CardInPlay, Player, Table
from tests.kit.invariants import goods_on_table
from tests.kit.table_kit import every_card, make_table, put_in_play

CARD = """building "Leaver" (trout A904)
  cost none
  vp 1
  when built:
    remove this building from play
    {effect}
"""


def holding_fish(fish: int) -> tuple[Table, Player]:
    """A table whose first player holds `fish` fish, from the general supply: the ledger balances."""
    table = make_table()
    me = table.players[0]
    table.general["fish"] -= fish - me.supply["fish"]
    me.supply["fish"] = fish
    return table, me


def played_out(effect: str, fish: int = 3) -> tuple[dict, dict, object]:
    (spec,) = load_cards(CARD.format(effect=effect), "leaver.nus")
    table, me = holding_fish(fish)
    before = goods_on_table(table)
    general = dict(table.general)
    put_in_play(table, me, spec, cell=(1, 1))
    assert me.buildings == [] and me.harbor.cells[(1, 1)] is None  # it left play first
    return before, general, table


def test_goods_put_on_a_card_gone_stay_in_the_general_supply() -> None:
    before, general, table = played_out("put 2 gold on this building")
    assert goods_on_table(table) == before
    assert table.general == general  # nothing taken from the general supply


def test_goods_moved_onto_a_card_gone_are_paid_to_the_general_supply() -> None:
    before, general, table = played_out("move 2 fish from supply to this building")
    me = table.players[0]
    assert goods_on_table(table) == before
    assert me.supply["fish"] == 1  # paid, as the Harbor Grill's fish are
    assert table.general == {**general, "fish": general["fish"] + 2}


def test_moving_more_than_the_supply_holds_onto_a_card_gone_still_fails() -> None:
    """The payment is what it was: with 1 fish, `move 2 fish` cannot be carried out, so the ability has no effect at
    all (all or nothing): the card stays in play and the fish stay in the supply."""
    (spec,) = load_cards(CARD.format(effect="move 2 fish from supply to this building"), "leaver.nus")
    table, me = holding_fish(1)
    before = goods_on_table(table)
    card = put_in_play(table, me, spec, cell=(1, 1))
    assert me.buildings == [card] and me.supply["fish"] == 1
    assert goods_on_table(table) == before


@pytest.mark.parametrize("effect", ["put 1 wood on this building", "move 1 fish from supply to this building"])
def test_a_card_in_play_still_holds_what_is_put_on_it(effect: str) -> None:
    (spec,) = load_cards(CARD.replace("    remove this building from play\n", "").format(effect=effect), "keeper.nus")
    table, me = holding_fish(1)
    before = goods_on_table(table)
    card = put_in_play(table, me, spec, cell=(1, 1))
    assert sum(card.goods.values()) == 1
    assert goods_on_table(table) == before


def test_elders_put_under_a_card_gone_stay_in_the_council() -> None:
    """`put all elders under this building` after the building left play: nothing goes under a card that is not on
    the table, so the Elders (and the fish on them) stay where they were."""
    (spec,) = load_cards(CARD.format(effect="put all elders under this building"), "leaver.nus")
    table = make_table(specs=tuple(every_card()))
    me = table.players[0]
    elder = CardInPlay(next(card for card in every_card() if card.kind == "elder"), me)
    me.council.append(elder)
    elder.goods["fish"] = 2
    table.general["fish"] -= 2
    before = goods_on_table(table)
    put_in_play(table, me, spec, cell=(1, 1))
    assert me.buildings == [] and me.council == [elder] and elder.goods["fish"] == 2
    assert goods_on_table(table) == before


def test_an_elder_putting_all_elders_under_itself_stays_in_play() -> None:
    """An Elder whose use says `put all elders under this building` (the generator's seed 2 card 320) put itself
    under itself, out of every zone, with the fish it was fed. A card never lies under itself: the other Elders go
    under it, it stays in the council, and the Elders under one of them go along (one level under, as the table
    counts them)."""
    (spec,) = load_cards('elder "Gatherer" (base E98)\n  use: put all elders under this building\n', "gatherer.nus")
    table = make_table(specs=tuple(every_card()))
    me = table.players[0]
    gatherer = CardInPlay(spec, me)
    other, beneath = (CardInPlay(card, me) for card in [c for c in every_card() if c.kind == "elder"][:2])
    other.under.append(beneath)
    me.council += [gatherer, other]
    gatherer.goods["fish"], beneath.goods["fish"] = 1, 2
    table.general["fish"] -= 3
    before = goods_on_table(table)
    ctx = Context(table, me, gatherer)
    spec.abilities[0].effect(ctx)
    assert me.council == [gatherer]
    assert gatherer.under == [other, beneath] and other.under == []
    assert goods_on_table(table) == before
