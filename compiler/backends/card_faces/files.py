"""Writing outputs so that a reader never sees half a file and an input is never overwritten."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


class WouldOverwriteInput(ValueError):
    """An output path names one of the command's input files."""


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same directory, then rename it over the target in one step.
    The file gets the usual permissions (0666 less the umask), not a temporary file's private 0600."""
    temporary = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def refuse_inputs(targets: list[Path], inputs: list[Path]) -> None:
    """Raise if any target is (a link to) an input file."""
    for target in targets:
        for source in inputs:
            if target.resolve() == source.resolve() or (
                target.exists() and source.exists() and target.samefile(source)
            ):
                raise WouldOverwriteInput(f"{target} is an input of this command; choose another output directory")
