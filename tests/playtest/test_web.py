"""The page's server without a browser: the token and the Host guard every address, answers go through, and the
page is one self-contained file."""

from __future__ import annotations

import http.client
import json
import re

import pytest

from compiler import load_cards
from runtime.playtest.host import Host
from runtime.playtest.session import PERSON, PlaySession, Setup
from runtime.playtest.web import serve
from tests.kit.rulebook import ROOT
from tests.playtest.serving import serve_file

CARDS = ROOT / "cards.nus"


@pytest.fixture
def server():
    text = CARDS.read_text("utf-8")
    session = PlaySession(load_cards(text, "cards.nus"), Setup(3, (PERSON, "random", "random")))
    host = Host(session, {}, ("cards.nus", text), lambda: None, lambda: "")
    running = serve(host, 0, open_browser=False, announce=lambda line: None)
    yield running
    running.shutdown()
    running.server_close()


def request(server, method: str, path: str, host: str | None = None, body: dict | None = None):
    port = server.server_address[1]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Host": f"127.0.0.1:{port}" if host is None else host, "Content-Type": "application/json"}
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = connection.getresponse()
    return response.status, response.read(), dict(response.getheaders())


@pytest.mark.slow
def test_without_the_token_or_with_a_foreign_host_every_address_is_403(server):
    token = f"/{server.token}/"
    assert request(server, "GET", token)[0] == 200
    assert request(server, "GET", token, host=f"localhost:{server.server_address[1]}")[0] == 200
    for path in ("/", "/state", "/wrongtoken/", "/wrongtoken/state", token[:-2] + "/state"):
        assert request(server, "GET", path)[0] == 403, path
        assert request(server, "POST", path.rstrip("/") + "/answer", body={"index": 0})[0] == 403
    for host in ("evil.example:80", f"evil.example:{server.server_address[1]}", "127.0.0.1", ""):
        assert request(server, "GET", token, host=host)[0] == 403, host
        assert request(server, "GET", token + "state", host=host)[0] == 403
    assert server.host.session.record == []  # nothing refused was played


@pytest.mark.slow
def test_the_page_is_self_contained_and_its_scripts_carry_the_nonce(server):
    status, body, headers = request(server, "GET", f"/{server.token}/")
    page = body.decode("utf-8")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # no CDN, nothing from elsewhere
    assert "/*STYLE*/" not in page and "/*SCRIPT*/" not in page
    nonce = re.search(r"script-src 'nonce-([^']+)'", headers["Content-Security-Policy"])[1]
    assert page.count(f'nonce="{nonce}"') == 2
    assert "default-src 'none'" in headers["Content-Security-Policy"]


@pytest.mark.slow
def test_an_answer_by_index_or_words_moves_the_game_and_a_bad_one_is_refused(server):
    token = f"/{server.token}/"
    status, body, _ = request(server, "GET", token + "state")
    state = json.loads(body)
    options = [option["words"] for option in state["question"]["options"]]
    status, body, _ = request(server, "POST", token + "answer", body={"text": "build a ship"})
    assert status == 200 and json.loads(body)["answers"] > 0
    assert server.host.session.record[0].words == "build a ship" and "build a ship" in options
    status, body, _ = request(server, "POST", token + "answer", body={"index": 99})
    assert status == 422 and "no such option" in json.loads(body)["error"]
    status, body, _ = request(server, "POST", token + "undo", body={})
    assert status == 200 and server.host.session.record == []


@pytest.mark.slow
def test_restart_saves_the_new_game_beside_the_old_one(tmp_path):
    path = tmp_path / "cards.nus"
    path.write_text(CARDS.read_text("utf-8"), "utf-8")
    server = serve_file(path)
    try:
        token = f"/{server.token}/"
        request(server, "POST", token + "answer", body={"index": 0})
        first = json.loads((tmp_path / "saved.json").read_text("utf-8"))
        status, body, _ = request(server, "POST", token + "restart", body={})
        assert status == 200 and json.loads(body)["notice"].endswith("saved-2.json")
        assert json.loads((tmp_path / "saved.json").read_text("utf-8")) == first  # the game before is kept
        assert json.loads((tmp_path / "saved-2.json").read_text("utf-8"))["answers"] == []
        assert server.host.commands["replay it"].endswith("saved-2.json")
    finally:
        server.shutdown()
        server.server_close()
