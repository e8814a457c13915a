"""The runner loads a card source once a process: a chunk brings its Source again, equal to the last one's."""

from __future__ import annotations

from compiler import load_cards
from runtime.analysis.runner import Source, cards_of
from runtime.model.cards import CardSpec
from tests.kit.rulebook import ROOT


def test_a_source_brought_again_gives_the_same_cards_and_a_changed_one_is_loaded() -> None:
    loaded: list[str] = []

    def load(text: str, path: str) -> list[CardSpec]:
        loaded.append(path)
        return load_cards(text, path)

    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    first = cards_of(Source(text, "cards.nus", load))
    copy = text[:-1] + text[-1:]  # an equal text, another object (as unpickled in a worker)
    assert copy is not text and cards_of(Source(copy, "cards.nus", load)) is first
    assert type(first) is tuple and len(first) == 96 and loaded == ["cards.nus"]
    changed = cards_of(Source(text + "\n", "cards.nus", load))
    assert changed is not first and [spec.name for spec in changed] == [spec.name for spec in first]
    assert loaded == ["cards.nus", "cards.nus"]
