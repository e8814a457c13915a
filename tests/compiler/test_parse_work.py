"""Parsing a clean file is one pass of the parser (issue 36 §4: `nus fmt --check` of 10,000 cards no slower than
twice `nus check`): a file with no syntax error is never parsed a second time, card by card or whole."""

from __future__ import annotations

from compiler.syntax import lalr, lark_parse, parse

CARD = 'building "Hut {n}" (trout A{n})\n  cost 1 wood\n  vp 1\n  when built:\n    take 1 fish\n\n'


def parse_runs(monkeypatch, text: str) -> int:
    """How many parses of a whole text the file took: the plain loop's, and Lark's where the loop leaves a text."""
    made: list[str] = []
    plain, real = lalr.parse, lark_parse.ParseRun

    def counted_plain(source: str, *rest: object) -> object:
        made.append(source)
        return plain(source, *rest)

    def counted(source: str) -> lark_parse.ParseRun:
        made.append(source)
        return real(source)

    monkeypatch.setattr(lalr, "parse", counted_plain)
    monkeypatch.setattr(lark_parse, "ParseRun", counted)
    parse.parse_recovering(text, "deck.nus")
    return len(made)


def test_a_clean_file_is_parsed_once(monkeypatch) -> None:
    assert parse_runs(monkeypatch, "".join(CARD.format(n=600 + n) for n in range(50))) == 1


def test_a_file_with_a_broken_card_is_parsed_card_by_card_then_whole(monkeypatch) -> None:
    cards = [CARD.format(n=600 + n) for n in range(3)]
    cards[1] = cards[1].replace("take 1 fish", "take 1 fish (")
    # whole (the plain loop, then Lark), each card (the broken one by Lark too), whole without the broken one
    assert parse_runs(monkeypatch, "".join(cards)) == 2 + 3 + 1 + 1
