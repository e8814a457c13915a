"""The bare core, installed as a new user would (`pip install .` in a fresh virtual environment, no extra): every
command's --help works, and one real call of each works or, where an extra is missing, names the
`pip install "nus[extra]"` that brings it (exit 2) before doing any work. Never a traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.cli import COMMANDS
from tests.kit.rulebook import ROOT

# One real call of each command, run in a project folder made by the first: (arguments, exit code, what it says).
CALLS = [
    (["init", "deck"], 0, "wrote deck/nus.toml"),
    (["check"], 0, "cards.nus: 96 cards, no errors"),
    (["build", "-o", "out"], 0, "wrote out/cards.py"),
    (["docs", "-o", "ref"], 0, "wrote ref/index.html"),
    (["cards", "--card", "Cabin", "-o", "print"], 2, 'which the print extra installs: pip install "nus[print]"'),
    (["fmt", "--check"], 0, "1 file already formatted"),
    (["test", "--card", "Cabin"], 0, "passed in"),
    (["explain", "Cabin"], 0, 'building "Cabin"'),
    (["vocab", "take"], 0, "take N GOOD"),
    (["simulate", "--games", "1", "--jobs", "1"], 0, "data files: rules.toml"),
    (["balance", "--games", "1", "--card", "Cabin"], 2, 'which the balance extra installs: pip install "nus[balance]"'),
    (["trace", "--seed", "1", "--card", "Cabin"], 0, 'nus trace: "Cabin"'),
    (["play", "--text"], 130, "the game is saved to playtests/"),
    (["lsp"], 2, 'which the editor extra installs: pip install "nus[editor]"'),
    (["watch"], 2, 'which the editor extra installs: pip install "nus[editor]"'),
]


@pytest.fixture(scope="module")
def bare_nus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`nus` of a fresh venv holding the core alone, installed from a copy of the repository's files."""
    base = tmp_path_factory.mktemp("install")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    source = base / "source"
    for name in filter(None, listed.decode("utf-8").split("\0")):
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_symlink():
            target.symlink_to(os.readlink(ROOT / name))
        elif (ROOT / name).is_file():
            shutil.copy2(ROOT / name, target)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    done = subprocess.run(
        [venv / "bin" / "pip", "install", "--quiet", str(source)], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return venv / "bin" / "nus"


def nus(bare: Path, *argv: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = f"{bare.parent}{os.pathsep}{env['PATH']}"
    return subprocess.run(
        [bare, *argv], cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300
    )


@pytest.mark.slow
def test_every_commands_help_works_in_the_bare_install(bare_nus: Path, tmp_path: Path) -> None:
    assert {tuple(call[0][:1]) for call in CALLS} == {(command,) for command in COMMANDS}  # a call of each
    for command in COMMANDS:
        done = nus(bare_nus, command, "--help", cwd=tmp_path)
        assert (done.returncode, done.stderr) == (0, ""), command
        assert done.stdout.startswith(f"usage: nus {command}")


@pytest.mark.slow
def test_one_real_call_of_each_command_works_or_names_its_extra(bare_nus: Path, tmp_path: Path) -> None:
    project = tmp_path / "deck"
    for argv, code, says in CALLS:
        done = nus(bare_nus, *argv, cwd=project if project.exists() else tmp_path)
        said = done.stdout + done.stderr
        assert "Traceback" not in said, (argv, said)
        assert (done.returncode, says in said) == (code, True), (argv, said[-2000:])
        if code == 2:  # stopped before any work: nothing written, one line
            assert done.stdout == "" and len(done.stderr.splitlines()) == 1, (argv, said)
