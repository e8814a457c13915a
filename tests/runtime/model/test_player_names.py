"""Player names are the same everywhere (issue 12, item 10): seats count from 1, P1 for the first seat, in the
game log, in simulate's report and in `nus test` (whose example language writes "player 1")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.cli import main
from runtime.model.state import player_name, player_number
from tests.kit.table_kit import every_card, played

NAMES = re.compile(r"\bP(\d+)\b")


def test_the_first_seat_is_p1_and_player_1() -> None:
    assert [player_name(index) for index in range(3)] == ["P1", "P2", "P3"]
    assert [player_number(index) for index in range(3)] == [1, 2, 3]


@pytest.mark.parametrize("players", [2, 4])
def test_a_seeded_games_log_names_p1_to_pn_and_never_p0(players: int) -> None:
    table = played(list(every_card()), players, 3).table
    named = {int(number) for line in table.log for number in NAMES.findall(line)}
    assert named == set(range(1, players + 1))
    for entry in table.session.events:
        if entry.text.startswith("P"):
            assert entry.text.split()[0] == f"P{entry.player + 1}", entry
    assert table.players[0].name == "P1" and repr(table.players[-1]) == f"P{players}"


def test_simulate_report_and_log_use_the_same_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.log"
    assert main(["simulate", "--players", "2", "--games", "1", "--seed", "5", "--jobs", "1", "--log", str(log)]) == 0
    report = capsys.readouterr().out.splitlines()[0]
    assert re.fullmatch(r"seed 5: P1 \S+, P2 \S+; won by P[12]( and P2)?", report), report
    assert {int(n) for n in NAMES.findall(log.read_text(encoding="utf-8"))} == {1, 2}


def test_nus_test_calls_the_seat_player_2_writes_as_p2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The runtime's message for player 2's failed step names P2, next to the example's own "player 2"."""
    cards = tmp_path / "dock.nus"
    cards.write_text(
        'building "Dock Admin." (trout C647)\n  cost 5 wood, 2 fish, 3 gold\n  vp 2\n'
        '  example "second seat cannot pay":\n    player 2: given wood in supply = 0\n'
        "    player 2: do build this building\n",
        encoding="utf-8",
    )
    assert main(["test", "-v", str(cards)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "    line 6: player 2: do build this building: P2 cannot pay for Dock Admin."
    assert out[2].startswith("1 failed in ") and len(out) == 3
    assert not any("P1" in line or "P0" in line for line in out)


def test_no_source_spells_a_players_name_itself() -> None:
    """Every name comes from player_name / player_number, so no log line can say P0 again: a hand-made `P{...}`
    or `player {... + 1}` in the runtime or the compiler is refused (the one definition in state.py excepted)."""
    root = Path(__file__).resolve().parents[3]
    home = root / "runtime" / "model" / "state.py"
    spelled = re.compile(r"\bP\{|player \{[^}]*\+ ?1\}")
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for package in ("runtime", "compiler")
        for path in sorted((root / package).rglob("*.py"))
        if path != home
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if spelled.search(line)
    ]
    assert found == [], "use player_name(index) or player_number(index):\n" + "\n".join(found)
