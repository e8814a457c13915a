"""`nus test`: the worked examples of cards.nus run, and a failing one names its line and value."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler import compile_text, load_cards, load_examples
from compiler.backends.docs import card_docs
from compiler.cli import main
from runtime.examples import run_example

ROOT = Path(__file__).resolve().parents[2]
CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")

# Every worked example of the rulebook, by the card it is about (None: the base rules with Guests).
RULEBOOK_EXAMPLES = {
    ("Moot Hall", "3 Guests lower the cost to 0 wood and 4 fish"),
    ("Moot Hall", "3 Guests lower the cost to 2 wood and 1 fish"),
    ("Moot Hall", "3 Guests lower the cost to 4 wood and 0 fish, overpaying by 2 fish"),
    (None, "6 fish and 2 Guests fill the two 3-fish and the two 4-fish plates for 4 gold"),
    (None, "a Guest on the sloop in Round 2 takes 1 fish of the haul of 5 into the supply"),
    ("Cookhouse", "the first two plates cost 1 fish each"),
    ("Cookhouse", "the last plate costs 3 fish"),
    ("Cookhouse", "all other plates cost 2 fish each"),
    ("Dock Admin.", "3 Forests and a haul size of 5 score 5 VP"),
    ("Official Building", "4 Elders and 10 fish left score 10 VP"),
    ("Official Building", "normally at most 15 VP"),
    ("Official Building", "up to 18 VP with a sixth Elder (Cabin in the Woods)"),
    ("Riverside Hut", "at most five double spaces with 2 Forests: at most 15 VP"),
    ("Pond Installation", "the wood limit allows at most 4 fish and 4 gold"),
    ("Stove", "built in Round 1, the Stove costs up to 13 wood over the game"),
    ("Community Center", "a sixth Elder (Cabin in the Woods) gives 1 fish and 4 gold, as 5 Elders do"),
}

DOCK = """building "Dock Admin." (trout C647)
  cost 5 wood, 2 fish, 3 gold
  vp 2 * forests capped at haul size
  example "right":
    given forests = 3, sloops = 1
    expect haul size = 5, vp = 5
  example "wrong":
    given forests = 3, sloops = 1
    expect vp = 7, haul size = 5
  example "too many answers":
    given forests = 3
    do take 1 wood
    answer yes
    expect vp = 3
"""


def test_every_rulebook_example_is_in_cards_nus() -> None:
    examples = {(e.card, e.title) for e in load_examples(CARDS, "cards.nus")}
    assert RULEBOOK_EXAMPLES - examples == set()


@pytest.mark.parametrize("example", load_examples(CARDS, "cards.nus"), ids=lambda e: f"{e.line}")
def test_each_example_of_cards_nus_holds(example) -> None:
    outcome = run_example(example, load_cards(CARDS, "cards.nus"))
    assert outcome.failures == ()


def test_nus_test_passes_cards_nus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test", str(ROOT / "cards.nus")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1  # as pytest: nothing but the summary when every example passes
    assert re.fullmatch(rf"{len(load_examples(CARDS, 'cards.nus'))} passed in \d+\.\d s", out[0])


def test_a_failing_example_names_its_card_line_and_actual_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dock.nus"
    path.write_text(DOCK, encoding="utf-8")
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[:-1] == [
        f'{path}:7: FAILED card "Dock Admin.": wrong',
        "    line 9: expected vp = 7 (actual 5)",
        f'{path}:10: FAILED card "Dock Admin.": too many answers',
        "    line 13: answer yes was never asked for",
    ]
    assert re.fullmatch(r"2 failed, 1 passed in \d+\.\d s", out[-1])
    assert main(["test", str(path), "-v"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f'{path}:4: ok card "Dock Admin.": right'


def test_nus_test_runs_one_cards_examples(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--card NAME (or its code, in any case) runs that card's examples alone."""
    path = tmp_path / "dock.nus"
    path.write_text(DOCK, encoding="utf-8")
    assert main(["test", str(path), "--card", "c647", "-v"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ", 1)[1] for line in out if line.startswith(str(path))] == [
        'ok card "Dock Admin.": right',
        'FAILED card "Dock Admin.": wrong',
        'FAILED card "Dock Admin.": too many answers',
    ]
    assert main(["test", str(ROOT / "cards.nus"), "--card", "Barrel Maker"]) == 0
    assert re.fullmatch(r"2 passed in \d+\.\d s\n", capsys.readouterr().out)
    assert main(["test", str(path), "--card", "Dock Admn"]) == 2
    assert capsys.readouterr().err == f"nus: error: no card named 'Dock Admn' in {path}; did you mean 'Dock Admin.'?\n"


def test_nus_test_runs_an_elders_examples_by_its_name_or_code(capsys: pytest.CaptureFixture[str]) -> None:
    """An Elder's examples are its own (the second reading: `--card "Pond Builder"` found none, as they ran under
    "base rules"); the Carpenter Elder is not the Carpenter Building, which shares its name."""
    cards = str(ROOT / "cards.nus")
    pond = 'ok elder "Pond Builder": the fish it puts on Shares move into the supply when its distribution ends'
    for choice in ("Pond Builder", "e03"):
        assert main(["test", cards, "--card", choice, "-v"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert [line.split(": ", 1)[1] for line in out if ": ok " in line or ": FAILED " in line] == [pond]
        assert re.fullmatch(r"1 passed in \d+\.\d s", out[-1])
    assert main(["test", cards, "-v"]) == 0
    assert sum(line.endswith(pond) for line in capsys.readouterr().out.splitlines()) == 1
    assert main(["test", cards, "--card", "E06", "-v"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ", 1)[1] for line in out if ": ok " in line or ": FAILED " in line] == [
        'ok elder "Carpenter": the Woodcutter\'s Cabin built with it gives no gold for the Forest removed first'
    ]
    assert main(["test", cards, "--card", "C643"]) == 0
    assert re.fullmatch(r"1 passed in \d+\.\d s\n", capsys.readouterr().out)


def test_nus_test_v_asks_a_cards_questions_in_the_references_english(capsys: pytest.CaptureFixture[str]) -> None:
    """A card's question reads as the reference's English of what it offers (the second reading: `-v` showed the
    source, "Wood Conservation: you may return (forested double spaces) gold, reforest"). Each "you may", "how
    often?" and "choose one" question `nus test cards.nus -v` lists is part of its card's reference text; a choice's
    answer stays in the words an `answer` line uses."""
    assert main(["test", str(ROOT / "cards.nus"), "-v"]) == 0
    out = capsys.readouterr().out
    asked = re.findall(
        r'^      player \d: "(.+?): (you may .*|choose one: .*|either .*|.* how often\?)" -> ', out, flags=re.M
    )
    docs = card_docs(compile_text(CARDS, "cards.nus").program, CARDS)
    texts = {doc.name: doc.text.lower() for doc in reversed(docs)}  # the Carpenter Building over the Elder
    assert len({name for name, _ in asked}) >= 25
    for name, question in asked:
        assert question.removesuffix(" how often?").lower() in texts[name], (name, question)
    assert (
        '"Wood Conservation: you may return a number of gold equal to the number of forested double spaces on your '
        'Harbor board from your personal supply to the general supply; if you do, take a "Reforest" action" -> '
    ) in out
    assert '"Harbor Grill: move 2 fish from your personal supply onto this Building how often?" -> ' in out
    stove = '"Stove: either return 2 wood from your personal supply to the general supply (Guests cannot pay it) or '
    assert f'{stove}remove this Building from play" -> pay 2 wood' in out
    assert "(forested double spaces)" not in out and "you may: " not in out and ': choose one" ' not in out


def test_an_example_that_breaks_a_rule_reports_the_step(tmp_path: Path) -> None:
    text = DOCK.split('  example "right"')[0] + (
        '  example "unaffordable":\n    given wood in supply = 0\n    do build this building\n'
        "    answer column 2 row 1\n    expect vp = 0\n"
    )
    (example,) = load_examples(text, "dock.nus")
    outcome = run_example(example, load_cards(text, "dock.nus"))
    assert not outcome.passed
    assert outcome.failures == ("line 6: do build this building: P1 cannot pay for Dock Admin.",)


def test_every_building_has_a_passing_example() -> None:
    """Each of the 88 Buildings shows its behaviour in at least one example (all of them pass, above)."""
    buildings = {spec.name for spec in load_cards(CARDS, "cards.nus") if spec.kind == "building"}
    with_examples = {example.card for example in load_examples(CARDS, "cards.nus")} & buildings
    assert len(buildings) == 88
    assert buildings - with_examples == set()
