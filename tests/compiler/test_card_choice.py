"""Cards picked by name or code the same way in every command (compiler/cli/card_choice.py): the exact name or code
first, then in any case; a name two cards share is refused where one card is shown, with the codes to pick by
(found by a designer review: `nus explain FILE Carpenter` silently showed the Building, `--cards` could not name
a card with a comma in it nor take a code, and was case-sensitive where `nus explain` was not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import compile_text, load_cards
from compiler.backends.card_faces.faces import SelectionError, select
from compiler.cli import argument_parser, main
from compiler.cli.balance_command import measured_cards
from compiler.cli.card_choice import named, unknown
from compiler.cli.trace_command import find_card

CARDS = """\
building "Cafe" (trout A700)
  cost 1 wood
  vp 1

building "Cafe Royal" (trout A701)
  cost 1 wood
  vp 1

building "Salt, Pepper" (trout A702)
  cost 1 wood
  vp 1

building "Carpenter" (trout A703)
  cost 1 wood
  vp 1

elder "Carpenter" (base E06)
  use:
    take 1 wood
"""


@pytest.fixture(scope="module")
def cards():
    return compile_text(CARDS, "cards.nus").program.cards


def picked(found) -> list[str]:
    return [f"{card.kind} {card.code}" for card in found]


def test_an_exact_name_or_code_first_then_any_case(cards) -> None:
    assert picked(named(cards, "Cafe")) == ["building A700"]
    assert picked(named(cards, "cafe royal")) == ["building A701"]
    assert picked(named(cards, "CAFE")) == ["building A700"]
    assert picked(named(cards, "a702")) == picked(named(cards, "salt, pepper")) == ["building A702"]
    assert picked(named(cards, "Carpenter")) == ["building A703", "elder E06"]
    assert named(cards, "Caf") == []


def test_explain_refuses_a_shared_name_and_says_how_to_pick(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.nus"
    path.write_text(CARDS, encoding="utf-8")
    assert main(["explain", str(path), "Carpenter"]) == 2
    assert capsys.readouterr() == (
        "",
        "nus: error: 2 cards are named 'Carpenter' (building A703, elder E06); "
        f"give its code: nus explain {path} A703 or nus explain {path} E06\n",
    )
    assert main(["explain", str(path), "e06"]) == 0
    assert capsys.readouterr().out.startswith(f'{path}:17: elder "Carpenter"\n')
    assert main(["explain", str(path), "salt, PEPPER"]) == 0
    assert capsys.readouterr().out.startswith(f'{path}:9: building "Salt, Pepper"\n')


def test_print_selection_takes_a_name_with_a_comma_codes_and_any_case(cards) -> None:
    """--card NAME (repeatable) takes a name whole; --cards "A, B" splits at commas; both add to one list."""
    args = argument_parser(["cards"]).parse_args(
        ["cards", "cards.nus", "--card", "Salt, Pepper", "--cards", "a700, carpenter", "--card", "E06"]
    )
    assert args.cards == ["Salt, Pepper", "a700", "carpenter", "E06"]
    assert picked(select(cards, None, None, args.cards)) == [
        "building A700",
        "building A702",
        "building A703",
        "elder E06",
    ]


def test_trace_and_balance_pick_cards_the_same_way() -> None:
    specs = load_cards(CARDS, "cards.nus")
    assert (
        find_card(specs, "A702", "cafe.nus").name == find_card(specs, "salt, pepper", "cafe.nus").name == "Salt, Pepper"
    )
    for wanted, names in (
        (["a700", "Salt, Pepper"], ["Cafe", "Salt, Pepper"]),
        (["CAFE", "cafe royal"], ["Cafe", "Cafe Royal"]),
    ):
        measured, left_out = measured_cards(specs, wanted, 3, "cafe.nus")
        assert [card.name for card in measured] == names and left_out == ()


def test_an_unknown_name_is_refused_with_the_closest_name_or_code(cards, tmp_path: Path, capsys) -> None:
    """`nus trace --card Carpentr` said only "no card named"; every command that picks a card offers the closest
    name or code the file has (in any case), and none when nothing is close."""
    assert unknown(cards, "carpentr", "a.nus") == "no card named 'carpentr' in a.nus; did you mean 'Carpenter'?"
    assert unknown(cards, "Salt Peper", "a.nus", "Building") == (
        "no Building named 'Salt Peper' in a.nus; did you mean 'Salt, Pepper'?"
    )
    assert unknown(cards, "e6", "a.nus") == "no card named 'e6' in a.nus; did you mean 'E06'?"
    assert unknown(cards, "Zymurgy", "a.nus") == "no card named 'Zymurgy' in a.nus"
    path = tmp_path / "cards.nus"
    path.write_text(CARDS, encoding="utf-8")
    assert main(["trace", str(path), "--card", "Cafe Royale"]) == 2
    assert capsys.readouterr().err == f"nus: error: no card named 'Cafe Royale' in {path}; did you mean 'Cafe Royal'?\n"
    assert main(["balance", str(path), "--card", "Cafee", "--games", "1"]) == 2
    assert capsys.readouterr().err == f"nus: error: no card named 'Cafee' in {path}; did you mean 'Cafe'?\n"
    with pytest.raises(SelectionError) as refused:
        select(cards, None, None, ["Cafe Roayl", "Zymurgy", "carpentr"])
    assert str(refused.value) == (
        'no card named "Cafe Roayl", "Zymurgy", "carpentr" in the card file; did you mean "Cafe Royal", "Carpenter"?'
    )
