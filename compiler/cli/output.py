"""Writing outputs so that nothing is lost: every file goes to a temporary file in its own directory, and only when
all of them are complete are they renamed into place (a rename within a directory is atomic). A full disk or a
failure midway leaves the previous outputs whole, never cut off or mixed with new ones; an input is never a target."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path


class OverwritesInput(Exception):
    """An output path is one of the inputs (e.g. `nus build cards.md -o .` next to a source named cards.md)."""

    def __init__(self, path: Path):
        super().__init__(f"refusing to overwrite the input {path}")
        self.path = path


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def refuse_inputs(targets: Iterable[Path], inputs: Iterable[str | Path]) -> None:
    sources = [Path(p) for p in inputs if str(p) != "-"]
    for target in targets:
        for source in sources:
            if same_file(target, source):
                raise OverwritesInput(source)


def check_writable(target: Path, inputs: Iterable[str | Path] = ()) -> None:
    """Raise now what writing `target` later would (OverwritesInput, or OSError: a directory, a folder missing or not
    writable, tried with a temporary file made and removed there), for an output made only after a long run."""
    refuse_inputs([target], inputs)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(descriptor)
    os.unlink(temporary)


def write_all(files: dict[Path, str | bytes], inputs: Iterable[str | Path] = ()) -> list[Path]:
    """Write every text (as UTF-8) or bytes atomically and together; raises OSError (nothing replaced) or
    OverwritesInput."""
    refuse_inputs(files, inputs)
    staged: list[tuple[Path, str]] = []
    try:
        for target, text in files.items():
            staged.append((target, stage(target, text)))
        for target, temporary in staged:
            os.replace(temporary, target)
    finally:
        for _, temporary in staged:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    return list(files)


def rewrite(path: Path, content: str | bytes) -> Path:
    """A file replaced by new content as atomically as write_all, but as an edit of that file (`nus fmt --write`):
    a symbolic link is followed and stays a link, and the file keeps its permissions (a 600 or 755 stays so).
    Returns the file written."""
    target = Path(os.path.realpath(path))
    temporary = stage(target, content, stat.S_IMODE(target.stat().st_mode))
    try:
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
    return target


def stage(target: Path, content: str | bytes, mode: int | None = None) -> str:
    """The content in a complete temporary file next to `target`, flushed to disk, with `mode` or else a normal
    file's permissions."""
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        data = content.encode("utf-8") if isinstance(content, str) else content
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~current_umask() if mode is None else mode)
    except BaseException:
        os.unlink(temporary)
        raise
    return temporary


class StagedText:
    """A text output written as it comes, to a temporary file of its own next to the target (a unique name: two runs
    writing one target never mix), renamed into place by `commit`; `discard` removes it and leaves the target as it
    was. Either way no temporary file is left."""

    def __init__(self, target: Path):
        descriptor, self.temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        self.target = target
        self.stream = os.fdopen(descriptor, "w", encoding="utf-8")

    def commit(self) -> None:
        try:
            self.stream.flush()
            os.fsync(self.stream.fileno())
            self.stream.close()
            os.chmod(self.temporary, 0o666 & ~current_umask())
            os.replace(self.temporary, self.target)
        finally:
            self.discard()

    def discard(self) -> None:
        with contextlib.suppress(OSError):  # closing flushes what is left, which a full disk refuses again
            self.stream.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.temporary)


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
