"""The play page in headless Chromium: the game's server runs in this process, the page is driven over the DevTools
protocol (tests/playtest/browser_kit.py). Skipped without Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import compile_text, load_cards
from compiler.cli.play_command import card_info
from runtime.playtest.host import Host
from runtime.playtest.session import PERSON, PlaySession, Setup
from runtime.playtest.web import serve
from tests.kit.rulebook import ROOT
from tests.playtest.browser_kit import CHROMIUM, Browser

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None, reason="Chromium is not installed (.ci/run installs Debian's chromium package)"
    ),
]
CARDS = ROOT / "cards.nus"


def start(text: str, seed: int = 3, seats=(PERSON, "random", "random")):
    session = PlaySession(load_cards(text, "cards.nus"), Setup(seed, seats))
    host = Host(session, card_info(compile_text(text, "cards.nus"), {}), ("cards.nus", text), lambda: None, lambda: "")
    return serve(host, 0, open_browser=False, announce=lambda line: None)


@pytest.fixture
def game(tmp_path: Path):
    server = start(CARDS.read_text("utf-8"))
    browser = Browser(tmp_path / "profile")
    browser.open(server.url)
    browser.wait("document.querySelectorAll('#options button').length > 0")
    yield server, browser
    browser.close()
    server.shutdown()
    server.server_close()


def options(browser: Browser) -> list[str]:
    return browser.js("[...document.querySelectorAll('#options button')].map(b => b.textContent)")


def click_option(browser: Browser, words: str) -> None:
    browser.js(
        "[...document.querySelectorAll('#options button')].find(b => b.textContent.replace(/^\\d/, '') === "
        f"{words!r}).click()"
    )


def test_the_page_loads_with_no_console_errors_and_shows_the_question(game):
    server, browser = game
    assert browser.js("document.querySelector('#prompt').textContent") == "P1: what does your Worker do?"
    assert options(browser)[0] == "1gold"
    assert browser.js("document.querySelectorAll('.harbor .cell').length") == 16 * 1
    assert browser.console_errors() == []


def test_key_1_answers_the_first_option(game):
    server, browser = game
    browser.key("1")
    browser.wait(f"{len(server.host.session.record)} < 1 || true")
    browser.wait("document.querySelector('#undo').disabled === false")
    assert server.host.session.record[0].words == "gold"


def test_build_a_ship_then_sloop_updates_the_board_and_the_log_and_undo_goes_back(game):
    """At the start P1 can pay for a sloop alone, so the Ship is not asked (a lone option is taken and logged)."""
    server, browser = game
    click_option(browser, "build a ship")
    browser.wait("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert browser.js("document.querySelector('#log').textContent.includes('P1 places a sloop on the fishing track')")
    browser.js("document.querySelector('#undo').click()")
    browser.wait("document.querySelector('#undo').disabled")  # no answer left to undo
    assert browser.js("document.querySelector('#prompt').textContent") == "P1: what does your Worker do?"
    assert server.host.session.record == []
    assert not browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert browser.console_errors() == []
