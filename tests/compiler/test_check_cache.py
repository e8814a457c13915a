"""A compiler that never redoes work (issue 10): `nus check` imports only what it needs, and a second check of an
unchanged file reads its result from the on-disk cache instead of compiling."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import compiler.load
from compiler.cache import cache_dir
from compiler.cli import main

ROOT = Path(__file__).resolve().parents[2]
BAD = 'building "Hut" (trout A613)\n  cost 1 wod\n  vp 1\n'


def never_compile(*_args, **_kwargs):
    raise AssertionError("compiled although the result was cached")


def test_an_unchanged_file_is_not_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "cards.nus"
    path.write_text(BAD, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    first = capsys.readouterr()
    assert len(list((tmp_path / "cache").rglob("*.json"))) == 1
    monkeypatch.setattr(compiler.load, "compile_text", never_compile)
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr() == first  # the same diagnostics, rendered the same
    path.write_text(BAD.replace("wod", "wood"), encoding="utf-8")
    with pytest.raises(AssertionError, match="compiled although"):
        main(["check", str(path)])  # changed text: a miss, so it compiles


def test_no_cache_and_a_damaged_entry_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "cards.nus"
    path.write_text(BAD, encoding="utf-8")
    assert main(["check", "--no-cache", str(path)]) == 1
    assert not (tmp_path / "cache").exists()
    assert main(["check", str(path)]) == 1
    [entry] = (tmp_path / "cache").rglob("*.json")
    entry.write_text("{not json", encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    assert "error[E0102]: unknown good 'wod'" in capsys.readouterr().err


def test_the_cache_lives_where_the_environment_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NUS_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "nus"


def test_check_imports_only_what_it_needs(tmp_path: Path) -> None:
    """Neither jinja2 nor the reference, formatter or simulation; on a cached file not even the parser."""
    script = (
        "import sys\nfrom compiler.cli import main\n"
        "main(['check', 'cards.nus'])\nmain(['check', 'cards.nus'])\nprint(' '.join(sorted(sys.modules)))\n"
    )
    environment = {**os.environ, "NUS_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=environment)
    modules = set(first.stdout.split("\n")[-2].split())
    unwanted = {"jinja2", "compiler.backends.docs", "compiler.backends.format", "runtime.analysis.simulate"}
    assert modules & unwanted == set()
    cached = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=environment)
    modules = set(cached.stdout.split("\n")[-2].split())
    assert "cards.nus: 96 cards, no errors" in cached.stdout
    assert modules & (unwanted | {"lark", "compiler.load", "compiler.checking.check"}) == set()
