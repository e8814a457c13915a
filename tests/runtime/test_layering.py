"""Imports flow one way. The compiler turns card text into CardSpecs the runtime runs, so no module under runtime/
may import the compiler, not even inside a function (issue 14); the command line joins the two. Inside the runtime
the layers stand on each other (issue 31): the model holds the table; the core below the mechanics asks the
decisions, sends the events, runs the attempts and looks up the rules in force; the mechanics are the base game's
rules; the game layer sets a table up and drives the round; the cards' library, the worked examples, the players
and the analyses stand on all of them."""

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


LAYERS = {
    "runtime.model": 0,
    "runtime.wording": 0,
    "runtime.core": 1,
    "runtime.mechanics": 2,
    "runtime.game": 3,
}
ON_TOP = 4  # every other runtime package: runtime.library, runtime.examples, runtime.players, runtime.analysis


def layer(module: str) -> int:
    package = ".".join(module.split(".")[:2])
    return LAYERS.get(package, ON_TOP)


def upward_imports(name: str, source: str) -> list[str]:
    """The imports of runtime module `name` from a layer above its own."""
    return [
        f"{name}:{line} imports {module}"
        for line, module in imported_modules(ast.parse(source))
        if module.startswith("runtime.") and layer(module) > layer(name)
    ]


def test_the_runtime_layers_import_only_downwards() -> None:
    """model < core < mechanics < game < the rest: a mechanic never reaches up into the round driver, set-up never
    into the engine."""
    sources = sorted((ROOT / "runtime").rglob("*.py"))
    assert {layer(".".join(path.relative_to(ROOT).parts[:2])) for path in sources} == {0, 1, 2, 3, ON_TOP}
    found = []
    for path in sources:
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found += upward_imports(name, path.read_text(encoding="utf-8"))
    assert found == []


def test_the_layer_check_sees_an_upward_import() -> None:
    source = "from runtime.core import events\ndef f():\n    from runtime.game.phases import between_turns\n"
    assert upward_imports("runtime.mechanics.scoring", source) == [
        "runtime.mechanics.scoring:3 imports runtime.game.phases"
    ]
    assert upward_imports("runtime.game.forward", source) == []


def test_no_runtime_module_imports_the_compiler() -> None:
    sources = sorted((ROOT / "runtime").rglob("*.py"))
    assert len(sources) > 40  # the walk really sees the runtime package
    assert [found for path in sources for found in compiler_imports(path)] == []


def test_the_check_sees_imports_inside_functions() -> None:
    """The check itself: a deferred import in a function body counts as much as one at the top."""
    tree = ast.parse("def f():\n    from compiler.load import load_cards\n    import compiler.cache as c\n")
    assert imported_modules(tree) == [(2, "compiler.load"), (3, "compiler.cache")]
