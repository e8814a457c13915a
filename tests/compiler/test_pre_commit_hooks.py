"""`.pre-commit-hooks.yaml`: each hook's entry, run the way pre-commit runs it (entry + staged file names)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.kit.rulebook import ROOT

HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


def run_hook(hook: dict, *files: Path) -> subprocess.CompletedProcess:
    program, *arguments = hook["entry"].split()
    assert program == "nus"
    command = [sys.executable, "-m", "compiler", *arguments, *map(str, files)]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT)


def test_hooks_are_nus_check_and_nus_fmt_on_card_files() -> None:
    assert [(h["id"], h["entry"], h["language"]) for h in HOOKS] == [
        ("nus-check", "nus check", "python"),
        ("nus-fmt", "nus fmt --check", "python"),
    ]
    assert all(re.search(h["files"], "decks/cards.nus") and not re.search(h["files"], "cards.py") for h in HOOKS)


@pytest.mark.slow
@pytest.mark.parametrize("hook", HOOKS, ids=[h["id"] for h in HOOKS])
def test_each_hook_passes_the_real_cards_and_fails_a_broken_file(hook: dict, tmp_path: Path) -> None:
    assert run_hook(hook, ROOT / "cards.nus").returncode == 0
    broken = tmp_path / "broken.nus"
    broken.write_text('building "X" (trout A601)\n  vp 1\n  cost   1 wod\n', encoding="utf-8")
    assert run_hook(hook, ROOT / "cards.nus", broken).returncode == 1
