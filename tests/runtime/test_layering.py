"""Imports flow one way (issue 14): the compiler turns card text into CardSpecs the runtime runs, so no module
under runtime/ may import the compiler, not even inside a function. The command line joins the two."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.kit.rulebook import ROOT


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def compiler_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for line, module in imported_modules(tree)
        if module == "compiler" or module.startswith("compiler.")
    ]


def test_no_runtime_module_imports_the_compiler() -> None:
    sources = sorted((ROOT / "runtime").rglob("*.py"))
    assert len(sources) > 40  # the walk really sees the runtime package
    assert [found for path in sources for found in compiler_imports(path)] == []


def test_the_check_sees_imports_inside_functions() -> None:
    """The check itself: a deferred import in a function body counts as much as one at the top."""
    tree = ast.parse("def f():\n    from compiler.load import load_cards\n    import compiler.cache as c\n")
    assert imported_modules(tree) == [(2, "compiler.load"), (3, "compiler.cache")]
