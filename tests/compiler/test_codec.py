"""The cache's codec (compiler/codec.py): a definition's Facts come back from JSON exactly as they went in, and an
entry that is not what the class describes is Damaged (a cache miss), never a wrong result or a traceback."""

from __future__ import annotations

import json

import pytest

from compiler.codec import Damaged, decoded, encoded
from compiler.units import Block, Facts, compile_unit

TEXT = (
    'building "Hook" (trout A990)\n'
    "  cost 1 wod\n"
    "  vp 1\n"
    "  each time after any player takes an elder:\n"
    '    if elder "Elsewhere" has left the supply board:\n'
    "      take 1 wood\n"
    "    take 1 guest\n"
)


def facts() -> Facts:
    found = compile_unit(Block(5, TEXT), "pool.nus").facts
    assert found.diagnostics and found.headers and found.references and found.links  # every kind of record is exercised
    return found


def test_facts_come_back_from_json_as_they_went_in() -> None:
    assert decoded(Facts, json.loads(json.dumps(encoded(facts())))) == facts()


def test_records_are_stored_by_field_name() -> None:
    [header] = encoded(facts())["headers"]
    assert header["name"] == "Hook" and header["code"] == "A990" and header["span"]["line"] == 5


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.pop("links"),
        lambda data: data.update(extra=1),
        lambda data: data.update(start="5"),
        lambda data: data["headers"][0].update(name=None),
        lambda data: data["headers"][0]["span"].pop("line"),
        lambda data: data.update(references={}),
    ],
)
def test_an_entry_unlike_its_class_is_damaged(damage) -> None:
    data = encoded(facts())
    damage(data)
    with pytest.raises(Damaged):
        decoded(Facts, data)
