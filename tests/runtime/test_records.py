"""state_init: a table object is built as its dataclass __init__ builds it (defaults, factories, __post_init__,
keywords, errors), and a class it cannot serve is refused when made, not misbuilt."""

from __future__ import annotations

import dataclasses

import pytest

from runtime.core.decisions import Option
from runtime.game.setup import new_table
from runtime.model.journal import State, TrackedDict, TrackedList
from runtime.model.records import state_init
from runtime.model.state import CardInPlay, LogEntry, Player, Ship, goods_dict
from tests.kit.table_kit import every_card


def test_the_engines_records_keep_their_defaults_and_the_log_makes_whole_entries() -> None:
    assert LogEntry(2, 1, "P1 passes") == LogEntry(2, 1, "P1 passes", None, None, 0)
    assert str(LogEntry(2, 1, "P1 passes")) == "R2T1 P1 passes"
    table = new_table(2, every_card())
    spec = table.display[0]
    table.say("P1 passes", 0)
    table.say("P2 builds", 1, card=spec)
    table.say("P2 uses it", 1, card=CardInPlay(spec, table.players[1]))
    assert table.session.events == [
        LogEntry(0, 0, "P1 passes", 0),
        LogEntry(0, 0, "P2 builds", 1, spec.name, spec.line),
        LogEntry(0, 0, "P2 uses it", 1, spec.name, spec.line),
    ]
    assert [entry.card for entry in table.session.events] == [None, spec.name, spec.name] and spec.line > 0
    assert Option(3, "plate of 3") == Option(3, "plate of 3") and Option(3, "x") != Option(3, "y")


@pytest.mark.parametrize(
    "extra",
    [{"key": dataclasses.field(default=0, kw_only=True)}, {"hidden": dataclasses.field(default=0, init=False)}],
)
def test_a_field_it_cannot_serve_is_refused_when_the_class_is_made(extra: dict) -> None:
    namespace = {"__annotations__": {"when": int, **{name: object for name in extra}}, **extra}
    made = dataclasses.dataclass(eq=False)(type("Odd", (State,), namespace))
    with pytest.raises(TypeError, match="plain fields only"):
        state_init(made)


def state_class(name: str) -> type:
    """A table object class made afresh (fields with a default, a factory, and a __post_init__)."""

    @dataclasses.dataclass(eq=False)
    class Thing(State):
        size: int
        tags: list = dataclasses.field(default_factory=list)
        owner: str | None = None
        seen: int = 0

        def __post_init__(self) -> None:
            self.seen += 1

    Thing.__name__ = Thing.__qualname__ = name
    return Thing


Quick = state_init(state_class("Quick"))
Slow = state_class("Slow")


def test_a_state_init_class_builds_exactly_what_the_dataclass_init_builds() -> None:
    for args, kwargs in [((1,), {}), ((1, [2]), {}), ((1,), {"owner": "P1"}), ((), {"size": 0, "tags": [3]})]:
        quick, slow = Quick(*args, **kwargs), Slow(*args, **kwargs)
        assert quick.__dict__ == slow.__dict__ and quick.seen == 1
    assert Quick(1).tags is not Quick(1).tags  # a fresh list from the factory each time
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick(1, nobody=2)  # type: ignore[call-arg]


def test_the_table_objects_use_it_a_ship_joins_a_journal_when_put_on_the_table_a_card_as_it_is_made() -> None:
    """A Ship joins when put on the table; a card joins its owner's table as it is made (CardInPlay.JOINS), its
    factories' containers handed the journal, not copied."""
    table = new_table(2, every_card())
    ship = Ship("sloop")
    assert ship._journal is None
    table.players[0].track.ships.append(ship)
    assert ship._journal is table._journal
    card = CardInPlay(table.display[0], table.players[0])
    assert card.goods == {"wood": 0, "fish": 0, "gold": 0, "guest": 0} and type(card.goods) is TrackedDict
    assert card._journal is table._journal and card.goods._journal is table._journal
    goods = card.goods
    table.players[0].buildings.append(card)
    assert card._journal is table._journal and card.goods is goods and goods._journal is table._journal
    assert card.under._journal is card.fired._journal is card.choices._journal is table._journal


def test_a_card_given_containers_adopts_them_and_a_card_of_a_player_on_no_journal_joins_none() -> None:
    table = new_table(2, every_card())
    player, spec = table.players[0], table.display[0]
    ships = TrackedList(["sloop"])
    card = CardInPlay(spec, player, goods={"wood": 2, "fish": 0, "gold": 0, "guest": 0}, ships=ships)
    assert type(card.goods) is TrackedDict and card.goods == {"wood": 2, "fish": 0, "gold": 0, "guest": 0}
    assert card.goods._journal is table._journal and card.ships is ships and ships._journal is table._journal
    under = CardInPlay(spec, player, under=[card])
    assert type(under.under) is TrackedList and under.under == [card] and under.under._journal is table._journal
    loose = Player(0, goods_dict(), goods_dict(), None, None)  # type: ignore[arg-type]
    alone = CardInPlay(spec, loose)
    assert alone._journal is None and alone.goods._journal is None and alone.fired._journal is None
    assert "_journal" not in vars(alone)


def test_a_class_that_joins_a_journal_needs_tracked_factories() -> None:
    @dataclasses.dataclass(eq=False)
    class Holder(State):
        JOINS = "owner"
        owner: object
        items: list = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="tracked factories"):
        state_init(Holder)


def test_a_field_behind_a_property_setter_is_refused() -> None:
    @dataclasses.dataclass(eq=False)
    class Guarded(State):
        level: int = 0

    Guarded.level = property(lambda self: 0, lambda self, value: None)  # type: ignore[assignment]
    with pytest.raises(TypeError, match="property's setter"):
        state_init(Guarded)
