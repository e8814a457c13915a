"""Every command README and the manual show runs, with the exit code they state, and prints what they show.

A page shows commands in ```sh blocks, run in order in one scratch copy of the repository (its own HOME, so
nothing outside is touched). A block is one bash script: every command in it must succeed but the last, whose
exit code is 0 unless a comment says `# exits with N`. A ```text block right after a ```sh block is what the block
prints: each of its lines must be printed, in order (`...` stands for the rest of a line; a time such as
`in 0.4 s`, and a line number or count of the deck, may differ). Some commands cannot run here: NOT_RUN says
why for each. A pytest command runs with `--collect-only`, which proves that every file and selection it names
exists (the run itself is a long run).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.kit.rulebook import ROOT
from tests.print.sheets_kit import weasyprint_problem

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
STATED = re.compile(r"#\s*exits with (\d+)")
# Commands shown that this test does not run, each with the reason and what proves it instead.
NOT_RUN = {
    'python3 -m venv .venv && . .venv/bin/activate && pip install ".[designer]" && nus build cards.nus -o build/': (
        "installs from the network: tests/project/test_install.py installs the core in a fresh venv"
    ),
    'python3 -m venv .venv && . .venv/bin/activate && pip install ".[test]" && python -m pytest': (
        "the suite itself: .ci/run runs it"
    ),
    "code --install-extension nus.vsix": "needs VS Code: tests/editors/test_vscode.py builds and reads the .vsix",
    "npm ci && npm run package": "tests/editors/test_vscode.py runs it (with npm) and reads the .vsix back",
    "PYTHONHASHSEED=0 python -m tests.benchmarks.bench": "a five-minute measurement: tests/benchmarks time its parts",
    "nus balance cards.nus --against cheaper.nus": (
        "700 greedy games: tests/analysis/test_planted_edits.py runs it on a seed block"
    ),
    'nus balance cards.nus --card "Yacht House" --even': (
        "some 2,000 greedy games: tests/analysis/test_even.py runs --even on a card made dearer"
    ),
    "nus balance cards.nus --ladder plan,search --players 3 --games 100": (
        "600 games of look-ahead players: tests/analysis/test_balance.py runs a small --ladder"
    ),
    "nus balance cards.nus --tune-evaluation --budget 2400 --write-evaluation tuned.toml": (
        "2,400 greedy games and more: tests/analysis/test_tuning.py tunes with a small budget and writes the copy"
    ),
    'nus balance cards.nus --evaluation tuned.toml --card "Yacht House"': (
        "needs the tuned copy above: tests/analysis/test_tuning.py plays seats with an --evaluation file"
    ),
    "nus play": "waits for a player in the browser: tests/playtest/test_browser.py plays the page",
    "nus play --text": "waits for a player at the terminal: tests/playtest play it",
    "nus play --give Smokehouse": "waits for a player in the browser: tests/playtest/test_browser.py plays the page",
    "nus watch cards.nus -o build": "runs until Ctrl-C: tests/compiler/test_watch.py edits a file under it",
}


@dataclass
class Step:
    page: Path
    line: int
    script: str
    shown: str | None  # the output the page shows, if it does


def steps(page: Path) -> list[Step]:
    """The page's ```sh blocks, each with the ```text block that follows it (before any other block), if any."""
    text = page.read_text(encoding="utf-8")
    found: list[Step] = []
    previous = ""
    for block in BLOCK.finditer(text):
        language, body = block[1], block[2]
        if language == "sh":
            found.append(Step(page, text.count("\n", 0, block.start()) + 1, body, None))
        elif language == "text" and previous == "sh":
            found[-1].shown = body
        previous = language
    return found


def commands(script: str) -> list[str]:
    """The commands of a block, without the lines a heredoc feeds them."""
    found, feeding = [], None
    for line in script.splitlines():
        if feeding is not None:
            feeding = None if line == feeding else feeding
            continue
        if line.strip():
            found.append(line)
            heredoc = re.search(r"<<'?(\w+)'?", line)
            feeding = heredoc[1] if heredoc else None
    return found


def runnable(script: str) -> str:
    """The block as it runs here: commands NOT_RUN dropped, pytest commands collecting only."""
    kept = []
    for line in script.splitlines():
        command = STATED.sub("", line.split("  #")[0]).strip()
        if command in NOT_RUN:
            continue
        if "python -m pytest" in line:
            line = line.split("  #")[0] + " --collect-only -q"
        kept.append(line)
    return "\n".join(kept) + "\n"


def normal(line: str) -> str:
    """A line as compared: a time (`in 0.4 s`) may differ, and so may a number of three digits or more, a line of
    the deck or a count of its examples, which grow as cards are added."""
    return re.sub(r"\b\d{3,}\b", "N", re.sub(r"in \d+\.\d s", "in N s", line))


def matches(shown: str, printed: str) -> list[str]:
    """The lines shown that the output does not have, in order (`...` ends a line early; see `normal`)."""
    lines = [normal(line) for line in printed.splitlines()]
    missing, at = [], 0
    for wanted in shown.splitlines():
        if not wanted.strip():
            continue
        wanted = normal(wanted)
        prefix = wanted.split("...")[0].rstrip() if "..." in wanted else None
        for index in range(at, len(lines)):
            if lines[index] == wanted or (prefix is not None and lines[index].startswith(prefix)):
                at = index + 1
                break
        else:
            missing.append(wanted)
    return missing


def workspace(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the repository's files, and an environment whose HOME and caches are inside the test's folder."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    copy = tmp_path / "nus"
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    (tmp_path / "home").mkdir()
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    return copy, {**os.environ, "HOME": str(tmp_path / "home"), "PATH": path, "NO_COLOR": "1"}


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_command_shown_runs_as_stated(page: Path, tmp_path: Path) -> None:
    shown = steps(page)
    if not shown:
        pytest.skip(f"{page.name} shows no command")
    if page.name == "print.md" and weasyprint_problem():
        pytest.skip(weasyprint_problem())
    copy, env = workspace(tmp_path)
    here = copy
    for step in shown:
        lines = commands(step.script)
        stated = STATED.search(lines[-1])
        expected = int(stated[1]) if stated else 0
        script = f"cd {here}\n{runnable(step.script)}\npwd > {tmp_path / 'cwd'}\n"
        if expected:  # the last command's code, with the directory it leaves noted all the same
            script = f"cd {here}\nset +e\n{runnable(step.script)}\nstatus=$?\npwd > {tmp_path / 'cwd'}\nexit $status\n"
        done = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", script], env=env, capture_output=True, text=True, timeout=900
        )
        where = f"{page.name}:{step.line}"
        assert done.returncode == expected, (where, done.stdout[-2000:], done.stderr[-2000:])
        if step.shown is not None:
            assert matches(step.shown, done.stdout + done.stderr) == [], (where, done.stdout, done.stderr)
        here = Path((tmp_path / "cwd").read_text(encoding="utf-8").strip())


def test_every_command_not_run_is_still_shown() -> None:
    """An exception for a command no page shows any more is removed, so the list cannot grow stale."""
    shown = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
    assert [command for command in NOT_RUN if command not in shown] == []


def test_commands_are_shown_in_sh_blocks() -> None:
    """A command indented as plain code would be missed by the test above: every `nus ...` line shown is in a
    ```sh block (or a ```text block, as output)."""
    stray = []
    for page in PAGES:
        text = BLOCK.sub("", page.read_text(encoding="utf-8"))
        stray += [f"{page.name}: {line.strip()}" for line in text.splitlines() if re.match(r"    (\$ )?nus ", line)]
    assert stray == []
