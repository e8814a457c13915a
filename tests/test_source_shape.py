"""What issue 31 asks of the source's shape that a test can see: the runtime runs no code it writes itself (no
`exec`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
