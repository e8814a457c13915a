"""README and the manual in docs/ hold together: every link leads to a file (and a heading) that exists,
every page of docs/ is reachable from README, and README stays a front page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.kit.rulebook import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "tests" / "benchmarks" / "RESULTS.md"]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def links(page: Path) -> list[str]:
    """The targets of a page's Markdown links and images, outside code blocks."""
    return LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8")))


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens."""
    headings = re.findall(r"^#+ (.*)$", FENCE.sub("", page.read_text(encoding="utf-8")), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_leads_somewhere(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue  # an outside address: the manual links none, and CI has no network to try one
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists() or (anchor and linked.suffix == ".md" and anchor not in anchors(linked)):
            broken.append(target)
    assert broken == []


def test_every_manual_page_is_linked_from_the_front_page() -> None:
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in links(ROOT / "README.md")}
    assert sorted(p.name for p in (ROOT / "docs").glob("*.md") if p.resolve() not in linked) == []


def test_the_front_page_is_short_and_starts_with_the_two_set_up_commands() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200
    commands = [line.strip() for line in lines[:10] if line.startswith("    ")]
    assert commands[0].endswith("&& nus build cards.nus -o build/")
    assert commands[1].endswith("&& python -m pytest")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_path_a_page_names_exists(page: Path) -> None:
    """A module moved or renamed is a page to update, not a path left pointing nowhere."""
    text = page.read_text(encoding="utf-8")
    named = re.findall(r"`((?:compiler|runtime|grammar|tests|docs|seeds|editors)/[\w./-]*)`", text)
    assert sorted({path for path in named if not (ROOT / path).exists()}) == []


def test_readme_names_every_debian_package_ci_installs() -> None:
    """What a fresh machine needs for the whole suite is said on the front page, as .ci/run installs it."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    packages = re.findall(r"DEBIAN_PACKAGES(?:\+)?=\(([^)]*)\)", script)
    named = {package for found in packages for package in found.split()}
    assert {"chromium", "neovim", "libharfbuzz-subset0", "npm"} <= named
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert sorted(package for package in named if f"`{package}`" not in readme) == []
