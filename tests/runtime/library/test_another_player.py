"""`each time ... another player ...` and `if another player did it`: a card hears the other players' events and
never its owner's (issue 16, "Cards reacting to other players": "each time another player takes an Elder")."""

from __future__ import annotations

from pathlib import Path

from compiler import compile_text, load_cards, load_examples
from compiler import diagnostic_codes as codes
from compiler.backends.render import English
from runtime.examples import run_example
from runtime.game.actions import perform
from tests.kit.table_kit import make_table, put_in_play, script

ROOT = Path(__file__).resolve().parents[3]
CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")

LOOKOUT = """
building "Lookout" (trout C998)
  cost 1 wood
  vp 0
  each time after another player takes an elder:
    take 1 gold
  each time after any player returns a guest, if another player did it:
    take 1 fish
"""


def failures(example_text: str) -> tuple[str, ...]:
    text = CARDS + LOOKOUT + example_text
    (example,) = [e for e in load_examples(text, "t.nus") if e.card == "Lookout"]
    return run_example(example, load_cards(text, "t.nus")).failures


def visible_elder_names(table) -> list[str]:
    return [stack[-1].name for stack in table.elder_stacks if stack]


def test_another_player_hook_fires_for_the_opponent_and_never_for_the_owner() -> None:
    assert (
        failures(
            """  example "the opponent takes two Elders, then the owner one":
    given gold in supply = 0
    player 2: do take an elder
    player 2: answer "Harbor Master"
    expect gold in supply = 1
    player 2: do take an elder
    player 2: answer "Pisciculturist"
    expect gold in supply = 2
    do take an elder
    answer "Fishmonger"
    expect gold in supply = 2, elders = 1
    player 2: expect gold in supply = 2, elders = 2
"""
        )
        == ()
    )


def test_another_player_hook_hears_every_opponent_at_a_three_player_table() -> None:
    specs = load_cards(CARDS + LOOKOUT, "t.nus")
    table = make_table(players=3, specs=tuple(specs))
    owner, second, third = table.players
    lookout = next(spec for spec in specs if spec.name == "Lookout")
    put_in_play(table, owner, lookout, (1, 2))
    gold = owner.supply["gold"]
    for player in (second, third, owner):
        script(table, *visible_elder_names(table)[:1])
        perform(table, player, "take_elder", "space")
    assert owner.supply["gold"] == gold + 2
    assert [len(player.council) for player in table.players] == [1, 1, 1]


def test_if_another_player_did_it_guards_an_any_player_hook() -> None:
    assert (
        failures(
            """  example "the owner's own Guest gives nothing, an opponent's gives 1 fish":
    given fish in supply = 0, guests in supply = 1
    do return 1 guest
    expect fish in supply = 0
    player 2: given guests in supply = 1, fish in supply = 0
    player 2: do return 1 guest
    expect fish in supply = 1
    player 2: expect fish in supply = 0
"""
        )
        == ()
    )


def test_another_player_hook_reads_as_the_rulebook_would() -> None:
    compiled = compile_text(LOOKOUT, "t.nus")
    assert not compiled.diagnostics
    assert English(compiled.program.cards[0]).text() == (
        'Each time after another player completes a "Take an Elder" action, take 1 gold from the general supply and '
        "place the gold in your personal supply. Each time after any player (including you) returns a Guest to the "
        "general supply, take 1 fish from the general supply and place the fish in your personal supply, but only if "
        "another player did it."
    )


def test_another_player_outside_an_event_trigger_is_a_diagnostic_with_a_caret_and_help() -> None:
    text = LOOKOUT + "  when built, if another player did it:\n    take 1 wood\n  at another player takes an elder:\n"
    text += "    take 1 wood\n"
    compiled = compile_text(text, "t.nus")
    found = [(d.code, d.span.line, d.span.column) for d in compiled.diagnostics]
    assert found == [("E0314", 9, 18), ("E0314", 11, 6)]
    rendered = compiled.diagnostics[0].render(text)
    assert "t.nus:9:18: error[E0314]: 'another player' is only known while a card hears an event" in rendered
    assert "^^^^^^^^^^^^^^^^^^^^^" in rendered
    assert "help: write 'each time after another player ...:'" in rendered


def test_the_help_for_another_player_outside_an_event_leads_to_forms_that_compile() -> None:
    """Issue 34 §3: "the E0314 help ... must lead to a form that compiles". 'another player has at least 3 Elders'
    outside an event is E0314; the help's counts over the other players say it, as do the --explain examples."""
    wrong = LOOKOUT + "  when built, if another player has at least 3 elders:\n    take 1 wood\n"
    [found] = compile_text(wrong, "t.nus").diagnostics
    assert found.code == "E0314" and "'most COUNT among other players' (or fewest, total)" in found.help
    assert "'other players with COUNT'" in found.help
    for condition in ("most elders among other players >= 3", "fewest elders among other players >= 3"):
        right = LOOKOUT + f"  when built, if {condition}:\n    take (total ships among other players) fish\n"
        assert compile_text(right, "t.nus").diagnostics == ()
    explained = codes.ANOTHER_PLAYER_OUTSIDE_EVENT.explanation
    examples = [line.split("#")[0].rstrip() for line in explained.splitlines() if line.startswith("    ")]
    card = 'building "Watch" (trout C996)\n  cost 1 wood\n  vp 0\n' + "".join(f"  {line[4:]}\n" for line in examples)
    assert compile_text(card, "t.nus").diagnostics == ()


def test_an_another_player_hook_whose_effect_is_its_own_event_is_no_loop() -> None:
    """The owner carries the effect out, and the hook never hears its owner; with `you` the same card loops."""
    hook = 'building "Echo" (trout C997)\n  cost 1 wood\n  vp 0\n  each time after {} serves fish:\n'
    body = "    serve fish\n"
    assert compile_text(hook.format("another player") + body, "t.nus").diagnostics == ()
    looping = compile_text(hook.format("you").replace("serves", "serve") + body, "t.nus").diagnostics
    assert [d.code for d in looping] == ["E0310"]
