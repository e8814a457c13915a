"""Standard output whose write errors are told apart from every other OSError.

`nus check cards.nus > /dev/full` must end with one line and exit 2, not a traceback and the 1 CI reads as
"errors found"; only a failure to write stdout may say "cannot write to standard output", so stdout's own
writes are the ones that raise StdoutError. A closed pipe stays a BrokenPipeError (exit 141, quietly).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO


class StdoutError(Exception):
    """Standard output cannot be written to (a full disk, /dev/full, an I/O error)."""

    def __init__(self, error: OSError):
        super().__init__(f"cannot write to standard output: {error.strerror or error}")


class GuardedStdout:
    """Wraps sys.stdout: write and flush raise StdoutError for an OSError other than a closed pipe."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> int:
        with stdout_errors():
            return self.stream.write(text)

    def flush(self) -> None:
        with stdout_errors():
            self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def stdout_errors() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise StdoutError(error) from None


@contextmanager
def guarded_stdout() -> Iterator[None]:
    """sys.stdout guarded for the length of one command, then put back (tests run many commands in a process)."""
    original = sys.stdout
    sys.stdout = GuardedStdout(original)
    try:
        yield
    finally:
        sys.stdout = original
