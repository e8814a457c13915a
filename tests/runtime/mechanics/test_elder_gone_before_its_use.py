"""An Elder that leaves play between being taken and being used (issue 36 §1, the generator's lost fish): "Take an
Elder" on the action space uses the new Elder at once, but a card's "as soon as" may remove it from play first. Its
use then fed it a fish from the Banquet Table, and the fish left the table with it. Ruling, as for every "take an
Elder and use it" (runtime/mechanics/elders.py take_elder): a use that cannot be done leaves the Elder taken, unused;
an Elder no longer in play cannot be used, so no fish leaves the Banquet Table."""

from __future__ import annotations

from compiler import load_cards
from runtime.mechanics.elders import take_elder, visible_on_supply_board
from runtime.model.state import Player, Table
from tests.kit.invariants import goods_on_table
from tests.kit.table_kit import ScriptedDecider, every_card, make_table, put_in_play

REMOVER = (
    'building "Remover" (trout A906)\n  cost none\n  vp 1\n  as soon as elders >= 1:\n    remove all elders from play\n'
)


def taking_with(text: str) -> tuple[Table, Player, str, list[int], dict[str, int]]:
    """The card in play, 2 fish on the first plate, and the answers for taking the first visible Elder and using it:
    the table, its first player, that Elder's name, the plates and the goods before."""
    (spec,) = load_cards(text, "card.nus")
    table = make_table(specs=tuple(every_card()))
    me = table.players[0]
    put_in_play(table, me, spec, cell=(1, 1))
    table.plates[0] += 2
    table.general["fish"] -= 2
    name = visible_on_supply_board(table)[0].name
    table.session.decider = ScriptedDecider([name, *range(len(table.plates))] * 2)
    return table, me, name, list(table.plates), goods_on_table(table)


def test_an_elder_removed_before_its_use_is_not_fed_and_not_used() -> None:
    table, me, name, plates, before = taking_with(REMOVER)
    take_elder(table, me, use_now=True)
    assert me.council == []  # taken, then removed by the Remover
    assert table.plates == plates  # no fish fed to an Elder no longer in play
    assert goods_on_table(table) == before
    assert me.elders_used_round == 0
    assert any(f"cannot use {name}" in str(line) for line in table.log)


RETURNER = (
    'building "Returner" (trout A907)\n  cost none\n  vp 1\n  each time before you use an elder:\n'
    "    return an elder to the supply board\n"
)


def test_an_elder_returned_in_the_before_use_window_is_not_fed() -> None:
    """The generator's seed 2 card 578: a hook before the use returns the Elder being used to the supply board (its
    only Elder), and the use then fed the fish to an Elder no longer in play. Now the use fails, all or nothing."""
    table, me, name, plates, before = taking_with(RETURNER)
    elder = take_elder(table, me, use_now=True)
    assert me.council == [elder]  # the use cannot be done, so none of it is (the hook's return too): taken, unused
    assert table.plates == plates and me.elders_used_round == 0
    assert goods_on_table(table) == before
    assert any(f"cannot use {name} ({name} has left play)" in str(line) for line in table.log)
