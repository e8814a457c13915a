"""What issue 31 asks of the source's shape that a test can see: the runtime runs no code it writes itself (no
`exec`), no module of the compiler or the runtime grows past MAX_LINES lines (split it by job instead), table
objects carry no class-level flags (the engine's caches are named values in runtime/model/caches.py), and the
benchmark scripts run as modules, never by changing sys.path."""

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


def test_table_objects_carry_no_class_level_flags() -> None:
    """No table object class says by a class attribute how its fields are journaled or cached (issue 31 §2: the
    caches are named values, forgotten where what is in play changes)."""
    from runtime.model import state
    from runtime.model.journal import State

    classes = [value for value in vars(state).values() if isinstance(value, type) and issubclass(value, State)]
    assert len(classes) == 8  # State and the seven table objects
    flags = [f"{cls.__name__}.{name}" for cls in classes for name in vars(cls) if name.isupper()]
    assert flags == []


def test_no_benchmark_script_changes_sys_path() -> None:
    scripts = sorted((ROOT / "tests" / "benchmarks").glob("*.py"))
    assert len(scripts) > 5
    assert [path.name for path in scripts if "sys.path" in path.read_text(encoding="utf-8")] == []
