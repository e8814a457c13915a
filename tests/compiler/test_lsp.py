"""`nus lsp` end to end: a real JSON-RPC exchange over the server's stdin and stdout.

The test is the editor: it starts `python -m compiler lsp`, sends initialize, opens a document with a
typo, reads the diagnostic the server publishes, fixes the typo, and asks for hover, completion,
definition, symbols and formatting, then shuts the server down.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.compiler.test_hook_cycle_warning import BRANCHING, HELP
from tests.kit.rulebook import ROOT

TYPO = """building "Toy Shop" (trout A601)
  cost 1 wood
  vp 1
  when built:
    take 2 wod

building "Big Shop" (trout A602)
  cost 6 wood or discard "Toy Shop"
  vp elders capped at 3
  each time after you build a ship:
    take 1 gold
"""
FIXED = TYPO.replace("wod", "wood")
URI = "file:///cards/doc.nus"


class Editor:
    """A JSON-RPC client over the server's pipes; a reader thread queues every message the server sends."""

    def __init__(self, cwd: Path = ROOT) -> None:
        self.server = subprocess.Popen(
            [sys.executable, "-m", "compiler", "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd
        )
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        stream = self.server.stdout
        while True:
            headers = {}
            while (line := stream.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("ascii").partition(":")
                headers[name.strip().lower()] = value.strip()
            if not headers:
                return
            self.inbox.put(json.loads(stream.read(int(headers["content-length"]))))

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.server.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        self.server.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: dict) -> dict | list | None:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        message = self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)
        assert "error" not in message, message
        return message["result"]

    def wait(self, wanted) -> dict:
        while True:
            message = self.inbox.get(timeout=60)
            if wanted(message):
                return message

    def published(self) -> list[dict]:
        message = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        assert message["params"]["uri"] == URI
        return message["params"]["diagnostics"]


def at(line: int, character: int) -> dict:
    return {"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}


def span(line: int, start: int, end: int) -> dict:
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


@pytest.fixture(scope="module")
def editor() -> Editor:
    editor = Editor()
    result = editor.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    capabilities = result["capabilities"]
    assert capabilities["hoverProvider"] and capabilities["definitionProvider"]
    assert capabilities["documentSymbolProvider"] and capabilities["documentFormattingProvider"]
    assert capabilities["completionProvider"]["triggerCharacters"] == [" ", "("]
    assert result["serverInfo"]["name"] == "nus"
    editor.notify("initialized", {})
    yield editor
    assert editor.request("shutdown", None) is None
    editor.notify("exit", None)
    assert editor.server.wait(timeout=30) == 0


def test_typo_is_published_then_cleared(editor: Editor) -> None:
    document = {"uri": URI, "languageId": "nus", "version": 1, "text": TYPO}
    editor.notify("textDocument/didOpen", {"textDocument": document})
    assert editor.published() == [
        {
            "range": span(4, 11, 14),
            "severity": 1,
            "code": "E0102",
            "source": "nus",
            "message": "unknown good 'wod'\nhelp: did you mean 'wood'?",
        }
    ]
    change = {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": FIXED}]}
    editor.notify("textDocument/didChange", change)
    assert editor.published() == []


def test_a_warning_is_published_as_a_warning(editor: Editor) -> None:
    """A hook cycle a choice may end (W0310) stops nothing, and the editor marks it as a warning (severity 2)."""
    editor.notify(
        "textDocument/didChange", {"textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": BRANCHING}]}
    )
    assert editor.published() == [
        {
            "range": span(3, 2, 38),
            "severity": 2,
            "code": "W0310",
            "source": "nus",
            "message": f"this ability may set itself off without end\nhelp: {HELP}",
        }
    ]
    editor.notify(
        "textDocument/didChange", {"textDocument": {"uri": URI, "version": 4}, "contentChanges": [{"text": FIXED}]}
    )
    assert editor.published() == []


def test_hover_shows_the_generated_english(editor: Editor) -> None:
    header = editor.request("textDocument/hover", at(0, 12))
    assert header["contents"] == {
        "kind": "markdown",
        "value": "**Toy Shop** — Trout A601 · Cost: 1 wood · 1 VP\n\nImmediately (and only once via this Building) "
        "take 2 wood from the general supply and place the wood in your personal supply. The Toy Shop allows you to "
        "build the Big Shop at no cost if you discard the Toy Shop.",
    }
    number = editor.request("textDocument/hover", at(4, 9))["contents"]["value"]
    assert number.endswith("\n\n`2`: written in the card, the amount of `take {amount} {good}`")
    count = editor.request("textDocument/hover", at(8, 6))["contents"]["value"]
    assert count == (
        "VP: VP equal to the number of Elders in your Elder Council, but at most 3 (0-3 VP)\n\n"
        "`elders`: the number of Elders in your Elder Council (a count: 0 or more)"
    )
    assert editor.request("textDocument/hover", at(5, 0)) is None  # the blank line between cards


def test_completion_offers_what_fits_where_the_cursor_is(editor: Editor) -> None:
    change = {
        "textDocument": {"uri": URI, "version": 3},
        "contentChanges": [{"text": FIXED + "  each time after you "}],
    }
    editor.notify("textDocument/didChange", change)
    editor.published()
    events = editor.request("textDocument/completion", at(11, 22))
    labels = [item["label"] for item in events["items"]]
    assert "build a ship" in labels and "serve fish" in labels
    assert "take {amount} {good}" not in labels  # effects do not follow "each time"
    effects = editor.request("textDocument/completion", at(10, 4))
    take = next(item for item in effects["items"] if item["label"] == "take {amount} {good}")
    assert (take["insertText"], take["insertTextFormat"]) == ("take ${1:amount} ${2:good}", 2)
    counts = [item["label"] for item in editor.request("textDocument/completion", at(8, 5))["items"]]
    assert "elders" in counts and "take {amount} {good}" not in counts
    editor.notify(
        "textDocument/didChange", {"textDocument": {"uri": URI, "version": 4}, "contentChanges": [{"text": FIXED}]}
    )
    assert editor.published() == []


def test_definition_jumps_from_a_quoted_name_to_its_card(editor: Editor) -> None:
    assert editor.request("textDocument/definition", at(7, 28)) == {"uri": URI, "range": span(0, 9, 19)}
    assert editor.request("textDocument/definition", at(7, 4)) is None


def test_symbols_are_the_cards(editor: Editor) -> None:
    symbols = editor.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
    assert [(s["name"], s["detail"], s["kind"], s["selectionRange"]) for s in symbols] == [
        ("Toy Shop", "building Trout A601", 5, span(0, 9, 19)),
        ("Big Shop", "building Trout A602", 5, span(6, 9, 19)),
    ]


def test_formatting_is_nus_fmt(editor: Editor, tmp_path: Path) -> None:
    messy = 'building "X" (trout A601)\n  vp 1\n  cost   1 wood\n'
    editor.notify(
        "textDocument/didChange", {"textDocument": {"uri": URI, "version": 5}, "contentChanges": [{"text": messy}]}
    )
    editor.published()
    [edit] = editor.request(
        "textDocument/formatting", {"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": True}}
    )
    (tmp_path / "messy.nus").write_text(messy, encoding="utf-8")
    printed = subprocess.run(
        [sys.executable, "-m", "compiler", "fmt", str(tmp_path / "messy.nus")], capture_output=True, text=True, cwd=ROOT
    ).stdout
    assert edit == {
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 4, "character": 0}},
        "newText": printed,
    }
    assert printed == 'building "X" (trout A601)\n  cost 1 wood\n  vp 1\n'


def test_a_players_line_is_hovered_and_completed(editor: Editor) -> None:
    """Its English on the card's first line and on the line itself; after `players ` the counts the game has (the
    reference's English beside each), and `players ` among the card lines."""
    uri = "file:///cards/five.nus"
    text = 'elder "Ship Owner" (base E05)\n  players 5\n  use:\n    take 1 gold\n'
    editor.notify(
        "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "nus", "version": 1, "text": text}}
    )
    message = editor.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert message["params"] == {"uri": uri, "diagnostics": []}

    def where(line: int, character: int) -> dict:
        return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}

    header = editor.request("textDocument/hover", where(0, 8))["contents"]["value"]
    assert header.startswith("**Ship Owner** — Base game E05\n\nOnly in games of 5 players. When you use the Elder,")
    assert editor.request("textDocument/hover", where(1, 10))["contents"]["value"] == "Only in games of 5 players."
    counts = editor.request("textDocument/completion", where(1, 10))["items"]
    assert [(item["label"], item["kind"], item["detail"]) for item in (counts[0], counts[4], counts[-1])] == [
        ("1", 12, "Only in games of 1 player."),
        ("5", 12, "Only in games of 5 players."),
        ("4+", 12, "Only in games of 4 or 5 players."),
    ]
    assert [item["label"] for item in counts] == ["1", "2", "3", "4", "5", "2+", "3+", "4+"]
    lines = [item["label"] for item in editor.request("textDocument/completion", where(2, 0))["items"]]
    assert lines[:2] == ["building", "elder"]  # the margin starts a card; an indented line is a card line
    editor.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": text.replace("  use:", "  \n  use:")}],
        },
    )
    editor.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    lines = [item["label"] for item in editor.request("textDocument/completion", where(2, 2))["items"]]
    assert lines[:3] == ["players ", "cost ", "vp "]


def test_positions_are_utf16_code_units_as_the_protocol_says(editor: Editor) -> None:
    """An emoji is two UTF-16 code units: the server counted Python characters, so everything after one on a line
    was a column off, in the diagnostic's range and in the positions the editor sends (the client chose no unit)."""
    uri = "file:///cards/fish.nus"
    text = 'building "🐟 Shop" (trout A601)\n  cost 1 wood\n  vp 1\n  when built: put "🐟 Shop" in play, take 1 wod\n'
    editor.notify(
        "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "nus", "version": 1, "text": text}}
    )
    message = editor.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert [(d["code"], d["range"]) for d in message["params"]["diagnostics"]] == [
        ("E0309", span(3, 14, 35)),
        ("E0102", span(3, 44, 47)),
    ]
    after_the_emoji = {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 26}}  # the closing quote
    assert editor.request("textDocument/definition", after_the_emoji) == {"uri": uri, "range": span(0, 9, 18)}


def open_document(editor: Editor, uri: str, text: str) -> list[dict]:
    editor.notify(
        "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "nus", "version": 1, "text": text}}
    )
    return editor.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")["params"]["diagnostics"]


def test_a_card_that_does_not_check_is_hovered_as_written(editor: Editor) -> None:
    """An unknown effect, count, event or payment was an AssertionError (or a RecursionError) inside the hover, which
    then answered nothing; now the card reads with what is unknown in the words of its diagnostic."""
    uri = "file:///cards/kiln.nus"
    text = (
        'building "Kiln" (trout A698)\n  cost 1 wood\n  vp 1\n  when built:\n    tak 1 gold\n\n'
        'building "Kiln *2*" (trout A699)\n  cost 1 wod or 2 fish\n  vp numbr of ships\n'
        "  each time after you bild a ship:\n    take 1 gold\n"
    )
    assert [d["code"] for d in open_document(editor, uri, text)] == ["E0101", "E0102", "E0103", "E0101"]

    def hovered(line: int, character: int) -> str:
        where = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
        return editor.request("textDocument/hover", where)["contents"]["value"]

    ability = "Immediately (and only once via this Building) (unknown effect 'tak 1 gold')."
    assert hovered(0, 3) == f"**Kiln** — Trout A698 · Cost: 1 wood · 1 VP\n\n{ability}"
    assert hovered(3, 4) == hovered(4, 5) == ability
    assert hovered(6, 3) == (
        "**Kiln \\*2\\*** — Trout A699 · Cost: (unknown cost payment '1 wod') or 2 fish · 0 or more VP\n\nInstead of "
        "paying (unknown cost payment '1 wod') for the Kiln \\*2\\*, you may pay 2 fish. Each time after you "
        "(unknown event 'bild a ship'), take 1 gold from the general supply and place the gold in your personal "
        "supply. During scoring at the end of the game, the Kiln \\*2\\* scores VP equal to "
        "(unknown count 'numbr of ships')."
    )


def lines(first: int, last: int, end: int) -> dict:
    return {"start": {"line": first, "character": 0}, "end": {"line": last, "character": end}}


def test_a_card_blanked_by_a_syntax_error_keeps_its_symbol(editor: Editor) -> None:
    """A definition that does not parse stands in the outline by its header line; one whose first line is no header
    has none (there is no name to show)."""
    uri = "file:///cards/broken.nus"
    text = 'building "A" (trout A601)\n  cost 1 wood\n  vp 1\n\nbuilding "B" (trout A602)\n  cost 1 wood +\n  vp )\n'
    assert [d["code"] for d in open_document(editor, uri, text)] == ["E0003"]
    symbols = editor.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert [(s["name"], s["detail"], s["range"], s["selectionRange"]) for s in symbols] == [
        ("A", "building Trout A601", lines(0, 2, 6), span(0, 9, 12)),
        (
            "B",
            "building Trout A602",
            {"start": {"line": 4, "character": 0}, "end": {"line": 6, "character": 6}},
            span(4, 9, 12),
        ),
    ]


FOLLOWING = "\n".join(
    [
        'building "Smokehouse" (trout A699)',
        "  cost 2 ",
        "  vp 1",
        "  each time after you ",
        "    take 1 ",
        "bui",
        "  each time after you serve f",
        "    ta",
        "  choose one:",
        "    - ret",
        "",
    ]
)


@pytest.mark.parametrize(
    ("line", "character", "offered"),
    [
        (1, 9, ["wood", "fish", "gold", "guest"]),  # after an amount in a cost: the goods
        (4, 11, ["wood", "fish", "gold", "guest"]),  # after an amount of an effect
        (5, 3, ["building"]),  # a header being typed: what completes its word
        (6, 29, ["serve fish"]),  # within a phrase: the phrases that complete it
        (9, 9, ["return {amount} {good}", "return the wood on fishing spaces", "return an elder to the supply board"]),
    ],
    ids=["cost amount", "effect amount", "header", "event word", "choose-one option"],
)
def test_completion_follows_the_cursor(editor: Editor, line: int, character: int, offered: list[str]) -> None:
    uri = "file:///cards/following.nus"
    editor.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "nus", "version": 1, "text": FOLLOWING}},
    )
    editor.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    position = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    items = editor.request("textDocument/completion", position)["items"]
    assert [item["label"] for item in items] == offered


def test_completion_after_each_time_after_you_offers_events_only(editor: Editor) -> None:
    uri = "file:///cards/events.nus"
    editor.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "nus", "version": 1, "text": FOLLOWING}},
    )
    editor.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    items = editor.request(
        "textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 22}}
    )
    assert {item["kind"] for item in items["items"]} == {23}  # CompletionItemKind.Event
    labels = [item["label"] for item in items["items"]]
    assert {"serve fish", "build a ship", "take an elder"} <= set(labels)
    assert not {"wood", "take {amount} {good}", "building"} & set(labels)
    header = editor.request(
        "textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 0}}
    )
    assert [item["label"] for item in header["items"]] == ["building", "elder", "example"]


def test_the_server_reads_the_projects_rules_as_nus_check_does(tmp_path: Path) -> None:
    """Started in a project whose rules.toml makes the game one of 1 to 4 players, the server completes a
    `players` line with those counts, as `nus check` would hold it to them there."""
    from runtime.model.data import package_data

    rules = package_data("rules.toml")
    lines = ["most_players = 4", "[fishing_track]", f"ships_per_type = {rules['fishing_track']['ships_per_type'][:4]}"]
    lines.append("[spaces]")
    lines += [f"{space} = {values[:4]}" for space, values in rules["spaces"].items()]
    (tmp_path / "rules.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "nus.toml").write_text('cards = "cards.nus"\n', encoding="utf-8")
    editor = Editor(cwd=tmp_path)
    try:
        editor.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        editor.notify("initialized", {})
        uri = (tmp_path / "cards.nus").as_uri()
        text = 'building "Hut" (trout A699)\n  players \n  cost 1 wood\n  vp 1\n'
        editor.notify(
            "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "nus", "version": 1, "text": text}}
        )
        editor.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        where = {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 10}}
        counts = [item["label"] for item in editor.request("textDocument/completion", where)["items"]]
        assert counts == ["1", "2", "3", "4", "2+", "3+"]
    finally:
        editor.request("shutdown", None)
        editor.notify("exit", None)
        editor.server.wait(timeout=30)
