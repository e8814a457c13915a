"""How the benchmarks run `nus` in a child process: as an installed nus runs, its modules' bytecode compiled once and
kept (pip compiles it when it installs the package). A machine that forbids writing bytecode (PYTHONDONTWRITEBYTECODE,
as this project's development sandbox does) would otherwise have every child compile every module from source again,
about 80 ms a process: a cost no installed `nus` pays. The bytecode goes to a temporary directory, not the checkout."""

from __future__ import annotations

import os
import tempfile

BYTECODE = tempfile.TemporaryDirectory(prefix="nus-bench-bytecode-")  # removed when the benchmark process ends


def child_environment(**extra: str) -> dict[str, str]:
    """This process's environment, bytecode kept in BYTECODE, with `extra` set (e.g. NUS_CACHE_DIR)."""
    inherited = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return {**inherited, "PYTHONPYCACHEPREFIX": BYTECODE.name, **extra}
