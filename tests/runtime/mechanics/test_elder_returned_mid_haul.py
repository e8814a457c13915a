"""An Elder that leaves the council while a haul is being distributed (issue 36 §1, the generator's seed 2 card 5940):
the first Elder's discard sets off a hook that returns the next Elder to the supply board, and step 1 still placed
that Elder's fish on it, so the fish left the table with it. Step 1 places "1 fish on each Elder in your Elder
Council": an Elder no longer in the council gets none, and the haul goes on to the next step."""

from __future__ import annotations

from compiler import load_cards
from runtime.mechanics.haul import distribute
from runtime.model.state import CardInPlay
from tests.kit.invariants import goods_on_table
from tests.kit.table_kit import ScriptedDecider, make_table, mechanic, put_in_play

RETURNER = (
    'building "Returner" (trout A908)\n  cost none\n  vp 1\n  each time after you remove 3 fish from an elder:\n'
    "    return an elder to the supply board\n"
)


def test_an_elder_returned_by_an_earlier_discard_gets_no_fish_of_the_haul() -> None:
    (spec,) = load_cards(RETURNER, "returner.nus")
    table = make_table()
    me = table.players[0]
    put_in_play(table, me, spec, cell=(1, 1))
    first, second = (CardInPlay(mechanic(name, kind="elder", code="E90"), me, origin=i) for i, name in enumerate("AB"))
    table.elder_stacks = [[], []]
    me.council.extend([first, second])
    first.goods["fish"] = 2
    table.general["fish"] -= 2
    supply, reserve, before = me.supply["fish"], me.reserve["fish"], goods_on_table(table)
    table.session.decider = ScriptedDecider([second])
    distribute(table, me, 5)
    assert me.council == [first] and table.elder_stacks == [[], [second.spec]]
    assert first.goods["fish"] == 0 and second.goods["fish"] == 0  # the third fish discarded; none on the returned
    assert me.supply["fish"] == supply + 1  # one of the discarded fish
    assert [share.fish for share in table.shares if share.holder == 0] == [1, 1]  # step 3: own issued Shares
    assert me.reserve["fish"] == reserve + 2  # the rest of the haul, the returned Elder's fish among it
    assert goods_on_table(table) == before
