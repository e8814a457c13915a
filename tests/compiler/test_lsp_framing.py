"""The language server survives a framing error (issue 36 §3): a message whose Content-Length is wrong (a client
counting characters, not UTF-8 bytes), garbage, or a body that is not JSON costs that message at most, is logged in
one line, and the server keeps answering (compiler/lsp/framing.py)."""

from __future__ import annotations

import asyncio
import io
import json
import queue
import subprocess
import sys
import threading
from subprocess import PIPE

import pytest

from compiler.lsp.framing import Reframed
from tests.compiler.test_lsp import TYPO, URI, Editor
from tests.kit.rulebook import ROOT


def framed(message: dict, wrong_by: int = 0) -> bytes:
    body = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False).encode("utf-8")  # as editors send it
    return f"Content-Length: {len(body) + wrong_by}\r\n\r\n".encode("ascii") + body


def messages(stream: bytes) -> list[dict]:
    """What pygls reads from the stream through Reframed: header lines, then exactly the length they give."""
    reader = Reframed(io.BufferedReader(io.BytesIO(stream)))

    async def read_all() -> list[dict]:
        found = []
        while True:
            header = await reader.readline()
            if not header:
                return found
            assert header.startswith(b"Content-Length: ") and await reader.readline() == b"\r\n"
            found.append(json.loads(await reader.readexactly(int(header.split(b":")[1]))))

    return asyncio.run(read_all())


ONE = {"jsonrpc": "2.0", "id": 1, "method": "a", "params": {"text": "Bjørn's Fjord"}}
TWO = {"jsonrpc": "2.0", "id": 2, "method": "b", "params": None}


@pytest.mark.parametrize(
    ("broken", "kept"),
    [
        pytest.param(framed(ONE, -3), [ONE], id="length-counted-in-characters"),
        pytest.param(framed(ONE, +4), [ONE], id="length-too-long"),
        pytest.param(framed(ONE, -20), [ONE], id="length-far-too-short"),
        pytest.param(b"hello\r\n\r\n", [], id="no-header"),
        pytest.param(b"Content-Length: abc\r\n\r\n{}", [], id="length-not-a-number"),
        pytest.param(b"Content-Length: 5\r\n\r\n{abc}", [], id="not-json"),
        pytest.param(b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc", [], id="not-utf-8"),
        pytest.param(b"\x00garbage" + framed(ONE), [ONE], id="garbage-before-a-header"),
    ],
)
def test_a_broken_message_costs_that_message_at_most(broken: bytes, kept: list[dict], caplog) -> None:
    assert messages(framed(TWO) + broken + framed(TWO) + framed(ONE)) == [TWO, *kept, TWO, ONE]
    said = [record.getMessage() for record in caplog.records]
    assert 1 <= len(said) <= 2 and all("\n" not in line for line in said), said


def test_well_framed_messages_pass_unchanged(caplog) -> None:
    big = {"jsonrpc": "2.0", "id": 3, "method": "c", "params": {"text": "ø" * 200_000}}
    assert messages(framed(ONE) + framed(big) + framed(TWO)) == [ONE, big, TWO]
    assert caplog.records == []


class LoggedEditor(Editor):
    """The editor of test_lsp.py, keeping the server's stderr (its log) to read at the end."""

    def __init__(self) -> None:
        command = [sys.executable, "-m", "compiler", "lsp"]
        self.server = subprocess.Popen(command, stdin=PIPE, stdout=PIPE, stderr=PIPE, cwd=ROOT)
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self.read, daemon=True).start()

    def answers_until(self, wanted: int) -> dict[int, dict]:
        """Every answer the server sends up to the one to request `wanted`, by request id."""
        answers: dict[int, dict] = {}
        while wanted not in answers:
            message = self.inbox.get(timeout=60)
            if "id" in message and "method" not in message:
                answers[message["id"]] = message
        return answers


@pytest.mark.slow
def test_the_server_keeps_answering_after_each_kind_of_framing_error() -> None:
    editor = LoggedEditor()
    editor.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    editor.notify("initialized", {})
    opened = {"uri": URI, "languageId": "nus", "version": 1, "text": TYPO}
    editor.notify("textDocument/didOpen", {"textDocument": opened})
    hover = {"textDocument": {"uri": URI}, "position": {"line": 4, "character": 5}}
    answer = editor.request("textDocument/hover", hover)
    assert answer is not None
    broken = [
        framed({"id": 90, "method": "textDocument/hover", "params": hover}, -2),
        framed({"id": 91, "method": "textDocument/hover", "params": hover}, +9),
        b"Content-Length: 7\r\n\r\n{broken",
        b"not a header at all\r\n\r\n",
    ]
    answered: dict[int, dict] = {}
    for number, message in enumerate(broken, start=100):
        editor.server.stdin.write(message + framed({"id": number, "method": "textDocument/hover", "params": hover}))
        editor.server.stdin.flush()
        answered |= editor.answers_until(number)
        assert answered[number]["result"] == answer
    assert answered[90]["result"] == answered[91]["result"] == answer  # a wrong length costs nothing
    editor.next_id = 200
    assert editor.request("shutdown", None) is None
    editor.notify("exit", None)
    assert editor.server.wait(timeout=30) == 0
    log = editor.server.stderr.read().decode("utf-8").splitlines()
    assert len(log) == 4 and all(line.startswith("nus lsp: ") for line in log), log
