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
    browser.wait("busy === false && document.querySelector('#undo').disabled === false")
    assert server.host.session.record[0].words == "gold"


def test_build_a_ship_then_sloop_updates_the_board_and_the_log_and_undo_goes_back(game):
    """At the start P1 can pay for a sloop alone, so the Ship is not asked (a lone option is taken and logged)."""
    server, browser = game
    click_option(browser, "build a ship")
    browser.wait("busy === false")
    browser.wait("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert browser.js("document.querySelector('#log').textContent.includes('P1 places a sloop on the fishing track')")
    browser.js("document.querySelector('#undo').click()")
    browser.wait("busy === false")
    assert browser.js("document.querySelector('#undo').disabled")  # no answer left to undo
    assert browser.js("document.querySelector('#prompt').textContent") == "P1: what does your Worker do?"
    assert server.host.session.record == []
    assert not browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert browser.console_errors() == []


def serve_file(path: Path, seed: int = 3):
    """A server the way `nus play --cards PATH` builds it: Reload compiles PATH again."""
    import argparse

    from compiler.cli.play_command import Playing

    text = path.read_text("utf-8")
    compiled = compile_text(text, str(path))
    session = PlaySession(load_cards(text, str(path)), Setup(seed, (PERSON, "random", "random")))
    args = argparse.Namespace(file=str(path), card=None, against=None, replay=None, answers=None)
    playing = Playing(args, text, path.parent / "saved.json")
    host = playing.host(session, compiled, "")
    return serve(host, 0, open_browser=False, announce=lambda line: None)


@pytest.fixture
def browser(tmp_path: Path):
    opened = Browser(tmp_path / "profile")
    yield opened
    opened.close()


def test_playing_the_first_option_to_the_end_shows_the_final_scores(tmp_path, browser):
    path = tmp_path / "cards.nus"
    path.write_text(CARDS.read_text("utf-8"), "utf-8")
    server = serve_file(path, seed=5)
    try:
        browser.open(server.url)
        while not server.host.session.over:
            browser.js("document.querySelector('#options button').click()")
            browser.wait("busy === false")
        browser.wait("!document.querySelector('#end').hidden")
        totals = browser.js("[...document.querySelectorAll('#scores tr')].at(-1).textContent")
        scores = server.host.session.scores()
        assert totals == "total" + "".join(str(scores[seat]["total"]) for seat in sorted(scores))
        shown = browser.js("[...document.querySelectorAll('#endcommands code')].map(c => c.textContent)")
        assert shown == list(server.host.commands.values())
        assert shown[0] == f"nus play {path} --replay {tmp_path / 'saved.json'}"
        assert browser.console_errors() == []
    finally:
        server.shutdown()
        server.server_close()


HOSTILE = "<img src=x onerror=document.title='PWNED'>"


def test_a_hostile_card_name_stays_text_and_hover_shows_a_cards_english(tmp_path, browser):
    text = CARDS.read_text("utf-8")
    first = PlaySession(load_cards(text, "cards.nus"), Setup(3, (PERSON, "random", "random")))
    shown = first.view(0)["boards"]["display"][0]
    hostile = tmp_path / "hostile.nus"
    hostile.write_text(text.replace(f'"{shown}"', f'"{HOSTILE}"'), "utf-8")
    server = serve_file(hostile)
    try:
        browser.open(server.url)
        browser.wait("document.querySelectorAll('#boards [data-card]').length > 0")
        assert browser.js("document.title") == "nus play"
        assert browser.js("document.querySelectorAll('img').length") == 0
        names = browser.js("[...document.querySelectorAll('#boards [data-card]')].map(n => n.textContent)")
        assert HOSTILE in names
        browser.hover("#boards [data-card]")
        tip = browser.wait("!document.querySelector('#tip').hidden && document.querySelector('#tip').textContent")
        card = server.host.cards[names[0]]
        assert tip.startswith(names[0]) and card["text"] in tip and f"hostile.nus:{card['line']}" in tip
        assert browser.console_errors() == []
    finally:
        server.shutdown()
        server.server_close()


def test_reload_after_an_edit_replays_to_the_same_question(tmp_path, browser):
    path = tmp_path / "cards.nus"
    text = CARDS.read_text("utf-8")
    path.write_text(text, "utf-8")
    server = serve_file(path)
    try:
        browser.open(server.url)
        for _ in range(5):
            browser.key("1")
            browser.wait("busy === false")
        before = (browser.js("document.querySelector('#prompt').textContent"), len(server.host.session.record))
        path.write_text(text.replace("  vp 3\n", "  vp 4\n", 1), "utf-8")  # an edit that changes no question
        browser.js("document.querySelector('#reload').click()")
        browser.wait("document.querySelector('#notice').textContent.startsWith('reloaded')")
        assert browser.js("document.querySelector('#notice').textContent") == "reloaded: every answer still fits"
        after = (browser.js("document.querySelector('#prompt').textContent"), len(server.host.session.record))
        assert after == before
        assert browser.console_errors() == []
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("width", [1280, 500])
def test_no_horizontal_overflow(game, width):
    server, browser = game
    browser.resize(width, 900)
    browser.js("document.querySelector('#log details').open = true")
    assert browser.js("document.documentElement.scrollWidth") <= width
    wide = browser.js(
        f"[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > {width} + 1)"
        ".map(e => e.tagName + '#' + e.id + '.' + e.className)"
    )
    assert wide == []
