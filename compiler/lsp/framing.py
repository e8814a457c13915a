"""LSP messages read from the editor's byte stream, surviving a framing error.

pygls reads a header block, then exactly Content-Length bytes. One wrong length (a client counting characters instead
of UTF-8 bytes, a body cut short) leaves it reading every later message from the wrong place: the server never
answers again. Here the stream is read into whole JSON messages first and handed on to pygls framed anew:

- a body that is not JSON at its stated length but is a whole JSON value a little shorter or longer (the length
  was wrong) is taken as it is, and the bytes after it are the next message's;
- what is neither (garbage, a message cut short for good) is dropped up to the next `Content-Length:` header;

each said in one line on stderr, which an editor shows in the server's output, never as a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import BinaryIO

HEADER = b"Content-Length:"
LENGTH = re.compile(rb"Content-Length:[ \t]*([0-9]+)[ \t]*(?:\r\n|$)", re.IGNORECASE)
READ = 65536
MOST_EXTRA = 1 << 20  # bytes read past a stated length looking for the end of a body cut short, before dropping it
DECODER = json.JSONDecoder()

logger = logging.getLogger("nus.lsp")


class OneLine(logging.Formatter):
    """A log record in one line: its message, and an exception's type and first line instead of its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        text = (record.getMessage().splitlines() or [""])[0]  # pygls puts a formatted traceback after a first line
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f": {type(error).__name__}: {(str(error).splitlines() or [''])[0]}"
        return "nus lsp: " + " ".join(text.split())


def log_in_one_line() -> None:
    """Every log record of the server (ours, and pygls's "Unable to handle message" with its traceback) goes to
    stderr in one line."""
    handler = logging.StreamHandler()
    handler.setFormatter(OneLine())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)


class Reframed:
    """An asynchronous reader (pygls' readline / readexactly) of well-framed messages made from a raw stream."""

    def __init__(self, stream: BinaryIO):
        self.stream = stream
        self.raw = b""  # read from the stream, not yet made into a message
        self.framed = b""  # messages framed anew, for pygls
        self.ended = False

    async def readline(self) -> bytes:
        while b"\n" not in self.framed and await self.refill():
            pass
        end = self.framed.find(b"\n") + 1 or len(self.framed)
        line, self.framed = self.framed[:end], self.framed[end:]
        return line

    async def readexactly(self, count: int) -> bytes:
        while len(self.framed) < count and await self.refill():
            pass
        body, self.framed = self.framed[:count], self.framed[count:]
        return body

    async def refill(self) -> bool:
        message = await asyncio.get_running_loop().run_in_executor(None, self.message)
        if message is None:
            return False
        self.framed += b"Content-Length: %d\r\n\r\n" % len(message) + message
        return True

    # Reading the raw stream (in an executor thread: the reads block) ------------------------------------------

    def more(self) -> bool:
        if self.ended:
            return False
        chunk = self.stream.read1(READ) if hasattr(self.stream, "read1") else self.stream.read(1)
        if not chunk:
            self.ended = True
            return False
        self.raw += chunk
        return True

    def message(self) -> bytes | None:
        """The next message's body, a whole JSON value; None at the end of the stream."""
        while True:
            while b"\r\n\r\n" not in self.raw:
                if not self.more():
                    if self.raw.strip():
                        logger.warning("dropped %d bytes at the end of the input: no whole message", len(self.raw))
                    return None
            head, _, self.raw = self.raw.partition(b"\r\n\r\n")
            at = head.rfind(HEADER)
            found = LENGTH.match(head, at) if at >= 0 else None
            if found is None:
                logger.warning("dropped %d bytes: no Content-Length header before them", len(head) + 4)
                continue
            if head[:at].strip():
                logger.warning("dropped %d bytes before a Content-Length header", len(head[:at].strip()))
            body = self.body(int(found.group(1)))
            if body is not None:
                return body

    def body(self, length: int) -> bytes | None:
        """The body after a header stating `length` bytes, taken out of the raw bytes; None if it was dropped."""
        while len(self.raw) < length:
            if self.raw.rstrip().endswith(b"}") and (end := json_end(self.raw)) is not None:
                return self.taken(end, length)  # a whole message, shorter than stated, and nothing more comes yet
            if not self.more():
                break
        if is_json(self.raw[:length]):
            return self.taken(length, length)
        while True:
            end = json_end(self.raw)
            if end is not None:
                return self.taken(end, length)
            after = self.raw.find(HEADER, 1)
            if after >= 0 or len(self.raw) > length + MOST_EXTRA or not self.more():
                dropped = after if after >= 0 else len(self.raw)
                logger.warning("dropped a malformed message of %d bytes (stated Content-Length %d)", dropped, length)
                self.raw = self.raw[dropped:]
                return None

    def taken(self, end: int, length: int) -> bytes:
        if end != length:
            logger.warning("a message stated Content-Length %d but held %d bytes: read as it was", length, end)
        body, self.raw = self.raw[:end], self.raw[end:].lstrip(b"\r\n\t ")
        return body


def is_json(data: bytes) -> bool:
    try:
        json.loads(data)
    except (ValueError, UnicodeDecodeError):
        return False
    return True


def json_end(data: bytes) -> int | None:
    """The end (in bytes) of the whole JSON object at the start of `data`, if there is one."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        text = data[: error.start].decode("utf-8")
    try:
        _, end = DECODER.raw_decode(text)
    except ValueError:
        return None
    return len(text[:end].encode("utf-8")) if text.startswith("{") else None
