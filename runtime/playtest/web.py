"""The page front end: a local web server on 127.0.0.1 that only its own page may talk to.

Every address starts with a random token (`http://127.0.0.1:PORT/TOKEN/`), and a request whose Host is not this
server's own (another name pointed at 127.0.0.1: DNS rebinding) or whose path lacks the token gets 403: no other
page in the browser, and no other local user who cannot read the URL, can play or read the game. The page is one
self-contained HTML file (page/play.html with its CSS and script put inline, no CDN), and it draws everything from
the JSON of `Host.state` with textContent, so nothing from a card file is ever read as markup; a Content Security
Policy with a per-run nonce refuses any script but its own.
"""

from __future__ import annotations

import json
import secrets
import threading
import webbrowser
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs, urlsplit

from runtime.playtest.host import Host
from runtime.playtest.session import ReplayError
from runtime.playtest.wording import AnswerError

LOCAL = "127.0.0.1"
BODY_LIMIT = 10_000  # bytes a request body may have: an answer is a few words


def page(nonce: str) -> str:
    """The page with its stylesheet and script inline."""
    folder = files("runtime.playtest") / "page"
    html = (folder / "play.html").read_text(encoding="utf-8")
    style = (folder / "play.css").read_text(encoding="utf-8")
    script = (folder / "play.js").read_text(encoding="utf-8")
    return html.replace("/*STYLE*/", style).replace("/*SCRIPT*/", script).replace("NONCE", nonce)


def source_page(name: str, text: str) -> str:
    """The card file with numbered lines, each an anchor (#L12), for a card's 'line' link."""
    rows = "".join(
        f'<tr id="L{number}"><td>{number}</td><td>{escape(line)}</td></tr>'
        for number, line in enumerate(text.split("\n"), 1)
    )
    return (
        '<!doctype html><meta charset="utf-8"><title>' + escape(name) + "</title>"
        "<style>body{font:13px monospace;margin:0}td:first-child{color:#888;text-align:right;padding-right:1em;"
        "user-select:none}td{white-space:pre-wrap;vertical-align:top}tr:target{background:#ffe9a8}</style>"
        f"<table>{rows}</table>"
    )


class PlayServer(ThreadingHTTPServer):
    """One game's server. Requests are handled one at a time against the session (`lock`)."""

    daemon_threads = True

    def __init__(self, host: Host, port: int = 0):
        super().__init__((LOCAL, port), Handler)
        self.host = host
        self.token = secrets.token_urlsafe(18)
        self.nonce = secrets.token_urlsafe(12)
        self.lock = threading.Lock()
        self.show_all = False

    @property
    def url(self) -> str:
        return f"http://{LOCAL}:{self.server_address[1]}/{self.token}/"

    def allowed_hosts(self) -> set[str]:
        port = self.server_address[1]
        return {f"{LOCAL}:{port}", f"localhost:{port}"}


class Handler(BaseHTTPRequestHandler):
    server: PlayServer
    timeout = 30

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        """Quiet: the terminal shows the URL and the saves, not every request."""

    def route(self) -> tuple[str, dict[str, list[str]]] | None:
        """The path after the token, or None when the request is refused (answered 403 here)."""
        if self.headers.get("Host") not in self.server.allowed_hosts():
            self.refuse()
            return None
        parts = urlsplit(self.path)
        prefix = f"/{self.server.token}/"
        if not parts.path.startswith(prefix) and parts.path != prefix.rstrip("/"):
            self.refuse()
            return None
        return parts.path[len(prefix) :], parse_qs(parts.query)

    def refuse(self) -> None:
        self.send(HTTPStatus.FORBIDDEN, b"forbidden: this game's address has a token\n", "text/plain; charset=utf-8")

    def send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        nonce = self.server.nonce
        self.send_header(
            "Content-Security-Policy",
            f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; connect-src 'self'; "
            "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, data: Any, status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send(status, json.dumps(data).encode("utf-8"), "application/json")

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        found = self.route()
        if found is None:
            return
        path, query = found
        server = self.server
        host = server.host
        with server.lock:
            if path == "":
                self.send(HTTPStatus.OK, page(server.nonce).encode("utf-8"), "text/html; charset=utf-8")
            elif path == "state":
                self.send_json(host.state(server.show_all))
            elif path == "cards":
                self.send_json({"cards": host.cards, "file": host.source[0]})
            elif path == "at":
                entry = number(query, "entry")
                viewer = host.viewer()
                self.send_json(host.session.view_at(entry, viewer, server.show_all))
            elif path == "source":
                name, text = host.source
                self.send(HTTPStatus.OK, source_page(name, text).encode("utf-8"), "text/html; charset=utf-8")
            else:
                self.send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    def do_POST(self) -> None:  # noqa: N802
        found = self.route()
        if found is None:
            return
        path, _ = found
        length = int(self.headers.get("Content-Length") or 0)
        if length > BODY_LIMIT:
            self.send_json({"error": "too long"}, HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError):
            self.send_json({"error": "the request is not JSON"}, HTTPStatus.BAD_REQUEST)
            return
        server = self.server
        with server.lock:
            try:
                reply = act(server, path, body if isinstance(body, dict) else {})
            except AnswerError as error:
                self.send_json({"error": str(error)}, HTTPStatus.UNPROCESSABLE_ENTITY)
                return
            if reply is None:
                self.send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")
                return
            self.send_json({**server.host.state(server.show_all), **reply})


def act(server: PlayServer, path: str, body: dict[str, Any]) -> dict[str, Any] | None:
    """Carry out one button's request; what to add to the state sent back, or None for no such button."""
    host = server.host
    session = host.session
    host.message = ""
    if path == "answer":
        index = body.get("index")
        session.answer(index if isinstance(index, int) and not isinstance(index, bool) else str(body.get("text", "")))
        return {}
    if path == "undo":
        return {"notice": "" if session.undo() else "nothing to undo: this is your first question"}
    if path == "hint":
        hint = session.hint()
        if hint is None:
            return {"notice": "the game is over"}
        return {"hint": {"index": hint.index, "words": hint.words, "by": hint.by}}
    if path == "save":
        saved = host.save()
        return {"notice": f"saved to {saved}" if saved else "not saved"}
    if path == "restart":
        session.restart()
        host.new_file()
        saved = host.save()
        return {"notice": f"a new game of seed {session.setup.seed}, saved to {saved}" if saved else ""}
    if path == "reload":
        try:
            problem = host.reload()
        except ReplayError as error:
            problem = str(error)
        host.message = problem
        return {"notice": problem or "reloaded: every answer still fits"}
    if path == "show-all":
        server.show_all = bool(body.get("on"))
        return {}
    return None


def number(query: dict[str, list[str]], name: str) -> int:
    values = query.get(name) or ["0"]
    return int(values[0]) if values[0].isdigit() else 0


def serve(host: Host, port: int = 0, open_browser: bool = True, announce=print) -> PlayServer:
    """Start the server in a thread of its own; the caller waits (Ctrl-C) and calls shutdown()."""
    server = PlayServer(host, port)
    threading.Thread(target=server.serve_forever, name="nus play", daemon=True).start()
    announce(f"nus play: {server.url}")
    if open_browser:
        webbrowser.open(server.url)
    return server
