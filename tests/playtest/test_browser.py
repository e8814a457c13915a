"""The play page in headless Chromium: the game's server runs in this process, the page is driven over the DevTools
protocol (tests/playtest/browser_kit.py). Skipped without Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import load_cards
from runtime.playtest.session import PERSON, PlaySession, Setup
from tests.kit.rulebook import ROOT
from tests.playtest.browser_kit import CHROMIUM, Browser
from tests.playtest.serving import serve_file, start

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None, reason="Chromium is not installed (.ci/run installs Debian's chromium package)"
    ),
]
CARDS = ROOT / "cards.nus"


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


def answer(browser: Browser, words: str) -> None:
    click_option(browser, words)
    browser.wait("busy === false")


def test_build_a_ship_then_sloop_updates_the_board_and_the_log_and_undo_goes_back(game):
    """Seed 3: after a Thin Out, P1 can pay for a sloop or a cutter, so the Ship is asked."""
    server, browser = game
    answer(browser, "thin out")
    answer(browser, "build a ship")
    assert browser.js("document.querySelector('#prompt').textContent") == "P1: build which Ship?"
    assert options(browser) == ["1sloop", "2cutter"]
    logged = browser.js("document.querySelectorAll('#log .entry').length")
    answer(browser, "sloop")
    assert browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert browser.js("document.querySelectorAll('#log .entry').length") > logged
    assert browser.js("document.querySelector('#log').textContent.includes('P1 places a sloop on the fishing track')")
    browser.js("document.querySelector('#undo').click()")
    browser.wait("busy === false")
    assert browser.js("document.querySelector('#prompt').textContent") == "P1: build which Ship?"
    assert [answer.words for answer in server.host.session.record if answer.by == PERSON] == [
        "thin out",
        "build a ship",
    ]
    assert not browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert browser.console_errors() == []


def test_a_lone_option_is_taken_without_asking_and_logged(game):
    """At the start P1 can pay for a sloop alone: the Ship is not asked, and the log says it was the only option."""
    server, browser = game
    answer(browser, "build a ship")
    assert browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert "build which Ship?" not in [answer.prompt for answer in server.host.session.record]
    assert browser.js(
        "document.querySelector('#log').textContent.includes('\"build which Ship?\": sloop (the only option)')"
    )


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


def test_hot_seat_asks_to_pass_the_screen_before_the_next_persons_question(browser):
    server = start(CARDS.read_text("utf-8"), seed=2, seats=(PERSON, PERSON, "random"))
    try:
        browser.open(server.url)
        assert browser.js("document.querySelector('#passwho').textContent") == "Pass to P1."
        browser.js("document.querySelector('#passok').click()")
        assert browser.js("document.querySelector('#pass').hidden")
        while server.host.session.question.player == 0:
            browser.js("document.querySelector('#options button').click()")
            browser.wait("busy === false")
        assert not browser.js("document.querySelector('#pass').hidden")
        assert browser.js("document.querySelector('#passwho').textContent") == "Pass to P2."
        browser.js("document.querySelector('#passok').click()")
        assert browser.js("document.querySelector('#me h2').textContent") == "P2 (you)"
    finally:
        server.shutdown()
        server.server_close()


def test_clicking_a_log_entry_shows_the_table_then(game):
    server, browser = game
    click_option(browser, "build a ship")
    browser.wait("busy === false")
    assert browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    browser.js("[...document.querySelectorAll('#log .entry')].find(e => e.textContent === 'round starts').click()")
    browser.wait("!document.querySelector('#past').hidden")
    assert not browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    browser.js("document.querySelector('#now').click()")
    assert browser.js("document.querySelector('#me').textContent.includes('Fishing track:sloop')")
    assert browser.console_errors() == []
