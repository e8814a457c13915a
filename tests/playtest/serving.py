"""Play servers for tests, built as `nus play` builds them."""

from __future__ import annotations

import argparse
from pathlib import Path

from compiler import compile_text, load_cards
from compiler.cli.play_command import Playing, card_info
from runtime.playtest.host import Host
from runtime.playtest.session import PERSON, PlaySession, Setup
from runtime.playtest.web import PlayServer, serve


def start(text: str, seed: int = 3, seats: tuple[str, ...] = (PERSON, "random", "random")) -> PlayServer:
    """A server for the text, with the cards' English and no saving."""
    session = PlaySession(load_cards(text, "cards.nus", trace=True), Setup(seed, seats))
    host = Host(session, card_info(compile_text(text, "cards.nus"), {}), ("cards.nus", text), lambda: None, lambda: "")
    return serve(host, 0, open_browser=False, announce=lambda line: None)


def serve_file(path: Path, seed: int = 3, seats: tuple[str, ...] = (PERSON, "random", "random")) -> PlayServer:
    """A server the way `nus play PATH --save DIR/saved.json` builds it: Reload compiles PATH again, every answer is
    saved beside it."""
    text = path.read_text("utf-8")
    session = PlaySession(load_cards(text, str(path), trace=True), Setup(seed, seats))
    args = argparse.Namespace(file=str(path), card=None, against=None, replay=None, answers=None)
    playing = Playing(args, text, path.parent / "saved.json")
    host = playing.host(session, compile_text(text, str(path)), "")
    session.on_answer = lambda _: playing.autosave()
    return serve(host, 0, open_browser=False, announce=lambda line: None)
