"""Damaged or hand-edited entries of the on-disk cache are never trusted (issue 36 §3): each entry carries a hash of
its content and of the key it was stored under, so an entry cut short, garbled, edited so that it still reads as an
entry, or copied over another file's entry is a miss, compiled again, never a traceback and never a wrong answer."""

from __future__ import annotations

import json
import marshal
import random
from pathlib import Path

import pytest

from compiler import load, load_cards
from compiler.cache import code_path, entry_path, facts_path
from compiler.cli import main

BAD = 'building "Hut" (trout A613)\n  cost 1 wod\n  vp 1\n'
GOOD = 'building "Hut" (trout A613)\n  cost 1 wood\n  vp 1\n'
ERROR = "error[E0102]: unknown good 'wod'"


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def checked(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["check", str(path)])
    return code, capsys.readouterr().err


def edited_json(entry: Path, change) -> None:
    """Edit the JSON an entry holds so that it still reads as an entry, whatever comes before it in the file."""
    raw = entry.read_bytes()
    start = raw.index(b"{")
    data = json.loads(raw[start:])
    change(data)
    entry.write_bytes(raw[:start] + json.dumps(data, separators=(",", ":")).encode())


def card_file(tmp_path: Path, text: str, name: str = "cards.nus") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_check_entry_edited_to_hold_no_errors_is_not_trusted(tmp_path, capsys) -> None:
    path = card_file(tmp_path, BAD)
    assert checked(path, capsys)[0] == 1
    entry = entry_path(BAD, str(path))
    edited_json(entry, lambda data: data.update(diagnostics=[]))
    code, err = checked(path, capsys)
    assert code == 1 and ERROR in err


def test_a_clean_files_entry_copied_over_a_broken_files_entry_is_not_trusted(tmp_path, capsys) -> None:
    good, bad = card_file(tmp_path, GOOD, "good.nus"), card_file(tmp_path, BAD, "bad.nus")
    assert checked(good, capsys)[0] == 0 and checked(bad, capsys)[0] == 1
    entry_path(BAD, str(bad)).write_bytes(entry_path(GOOD, str(good)).read_bytes())
    code, err = checked(bad, capsys)
    assert code == 1 and ERROR in err


def test_facts_edited_to_hold_no_errors_are_not_trusted(tmp_path, capsys) -> None:
    """The Facts saved per definition (compiler/units.py), read when the file's own entry misses."""
    path = card_file(tmp_path, BAD)
    assert checked(path, capsys)[0] == 1
    entry_path(BAD, str(path)).unlink()

    def no_errors(data: dict) -> None:
        for facts in data["facts"].values():
            facts["diagnostics"] = []

    edited_json(facts_path(str(path)), no_errors)
    code, err = checked(path, capsys)
    assert code == 1 and ERROR in err


def loaded_from_disk(text: str, filename: str) -> list[str]:
    """The names of the cards load_cards(on_disk=True) gives, as a new process would: nothing loaded in memory."""
    load._loaded.clear()
    return [spec.name for spec in load_cards(text, filename, on_disk=True)]


def test_cached_code_of_another_card_file_is_not_run(tmp_path) -> None:
    """Valid marshalled code, but another file's: the cards loaded are this file's."""
    other = 'building "Other" (trout A614)\n  cost 1 fish\n  vp 9\n'
    assert loaded_from_disk(other, "other.nus") == ["Other"]
    code_path(GOOD, "hut.nus", "cards").parent.mkdir(parents=True, exist_ok=True)
    code_path(GOOD, "hut.nus", "cards").write_bytes(code_path(other, "other.nus", "cards").read_bytes())
    assert loaded_from_disk(GOOD, "hut.nus") == ["Hut"]


def test_code_replaced_by_other_valid_code_is_not_run(tmp_path) -> None:
    assert loaded_from_disk(GOOD, "hut.nus") == ["Hut"]
    other = compile("CARDS = []\n", "hut.nus", "exec")
    code_path(GOOD, "hut.nus", "cards").write_bytes(marshal.dumps(other))
    assert loaded_from_disk(GOOD, "hut.nus") == ["Hut"]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["check", "facts", "code"])
def test_every_cut_or_garbled_entry_is_a_miss_never_a_traceback(tmp_path, capsys, kind: str) -> None:
    """Each entry cut short at 40 places and garbled at 40 (a byte changed): the check still reports the error, the
    cards still load."""
    path = card_file(tmp_path, BAD if kind != "code" else GOOD)
    text = path.read_text(encoding="utf-8")
    if kind == "code":
        loaded_from_disk(text, str(path))
        entry = code_path(text, str(path), "cards")
    else:
        assert checked(path, capsys)[0] == 1
        entry = entry_path(text, str(path)) if kind == "check" else facts_path(str(path))
        if kind == "facts":
            entry_path(text, str(path)).unlink()
    whole = entry.read_bytes()
    rng = random.Random(kind)
    damaged = [whole[: rng.randrange(len(whole))] for _ in range(40)]
    for _ in range(40):
        place = rng.randrange(len(whole))
        damaged.append(whole[:place] + bytes([whole[place] ^ (1 << rng.randrange(8))]) + whole[place + 1 :])
    for each in damaged:
        entry.write_bytes(each)
        if kind == "code":
            assert loaded_from_disk(text, str(path)) == ["Hut"]
        else:
            if kind == "facts":
                entry_path(text, str(path)).unlink(missing_ok=True)
            code, err = checked(path, capsys)
            assert code == 1 and ERROR in err and "Traceback" not in err
