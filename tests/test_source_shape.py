"""What issue 31 asks of the source's shape that a test can see: the runtime runs no code it writes itself (no
`exec`), and no module of the compiler or the runtime grows past MAX_LINES lines (split it by job instead)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 700


def exec_calls(source: str) -> list[int]:
    """The lines calling the built-in exec (by name or as builtins.exec)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "exec")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "exec" and is_builtins(node.func.value))
        )
    ]


def is_builtins(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in {"builtins", "__builtins__"}


def test_the_runtime_runs_no_code_it_writes() -> None:
    sources = sorted((ROOT / "runtime").rglob("*.py"))
    assert len(sources) > 40  # the walk really sees the runtime package
    found = [
        f"{path.relative_to(ROOT)}:{line}" for path in sources for line in exec_calls(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_exec_check_sees_a_call_and_not_a_name() -> None:
    source = "exec(text, scope)\nimport builtins\nbuiltins.exec(text)\nrunner.exec(job)\nexecute = 'exec('\n"
    assert exec_calls(source) == [1, 3]


def test_no_module_of_the_compiler_or_the_runtime_is_over_the_limit() -> None:
    sources = sorted(path for top in ("compiler", "runtime") for path in (ROOT / top).rglob("*.py"))
    assert len(sources) > 80
    lengths = {path: len(path.read_text(encoding="utf-8").splitlines()) for path in sources}
    assert [f"{path.relative_to(ROOT)}: {n} lines" for path, n in lengths.items() if n > MAX_LINES] == []
