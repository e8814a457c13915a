"""Generated Python: tracebacks point into cards.nus, and card text is only ever data.

The runtime library is replaced by a small fake module for these tests, so that they depend on
the compiler's contract (rt.<impl>(ctx, ...)) and not on the state of the runtime library.
"""

from __future__ import annotations

import ast
import gc
import sys
import traceback
import types
from collections.abc import Callable
from pathlib import Path

import pytest

import runtime
from compiler import compile_text, load_cards, load_examples, python_text
from compiler.backends import generate as generate_module
from compiler.backends.generate import generate
from runtime.model.arithmetic import amount
from runtime.model.cards import CardSpec, Context

FILENAME = "cards.nus"


class Calls(list):
    """What the fake library was asked to do, in order."""


@pytest.fixture
def library(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """A fake runtime.library, installed both in sys.modules and as the package attribute."""
    fake = types.ModuleType("runtime.library")
    calls = Calls()
    fake.calls = calls

    def take(ctx: Context, amount: int, good: str) -> None:
        if good not in ("wood", "fish", "gold", "guest"):
            raise ValueError(f"no such good {good!r}")
        calls.append(("take", amount, good))

    fake.take = take
    fake.elders = lambda ctx: 0
    fake.good_in_supply = lambda ctx, good: 4
    fake.may = lambda ctx, text, body: body() or True
    fake.amount = amount  # the real one: what an amount worked out in play means
    monkeypatch.setitem(sys.modules, "runtime.library", fake)
    monkeypatch.setattr(runtime, "library", fake, raising=False)
    return fake


def load(text: str) -> list[CardSpec]:
    return load_cards(text, FILENAME)


def card_frames(error: BaseException) -> list[traceback.FrameSummary]:
    return [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == FILENAME]


def run_effect(spec: CardSpec, index: int = 0) -> None:
    spec.abilities[index].effect(Context(table=None, me=None, card=spec))


def test_wrong_argument_traceback_names_the_card_line(library: types.ModuleType) -> None:
    """A runtime error inside an effect shows the cards.nus line and its text, not generated code."""
    text = 'building "Bad Call" (trout A101)\n  cost 1 wood\n  vp 1\n  when built:\n    take 1 fish\n    take 2 wood\n'
    [spec] = load(text)
    library.take = lambda ctx, amount: None  # the runtime's signature changed: one argument too many
    with pytest.raises(TypeError) as raised:
        run_effect(spec)
    frames = card_frames(raised.value)
    assert [(f.lineno, f.line) for f in frames] == [(5, "take 1 fish")]
    assert frames[0].name == "a101_ability1"


def test_division_by_a_zero_count_gives_0(library: types.ModuleType) -> None:
    """'/ elders rounded down' with no Elders is 0 (the manual: a division by 0 at run time gives 0), not a crash;
    an amount below 0 reaches the library as 0."""
    text = (
        'building "Divider" (trout A102)\n'
        "  cost 1 wood\n"
        "  vp 1\n"
        "  when built:\n"
        "    you may:\n"
        "      take (3 / elders rounded down) wood\n"
        "      take (3 / elders rounded up) fish\n"
        "      take (elders - 5) gold\n"
    )
    [spec] = load(text)
    run_effect(spec)
    assert library.calls == [("take", 0, "wood"), ("take", 0, "fish"), ("take", 0, "gold")]


def test_effect_runs_with_the_fake_library(library: types.ModuleType) -> None:
    """The control case for the two above: a good card calls the library with its slot values."""
    text = (
        'building "Good" (trout A103)\n  cost 1 wood\n  vp 1\n  when built:\n'
        "    take (fish in supply / 2 rounded up) gold\n"
    )
    [spec] = load(text)
    run_effect(spec)
    assert library.calls == [("take", 2, "gold")]


HOSTILE_NAMES = [
    "x'); import os; os._exit(3); ('",
    "__import__('os').system('x')",
    "back\\slash\\n and \\' and \\\\",
    "'''",
    "{__import__('os')}",
    "print(1)\\nimport os",
    "#",
    "Besøkende ✓",
]


@pytest.mark.parametrize("hostile", HOSTILE_NAMES)
def test_hostile_card_names_are_inert_data(hostile: str, library: types.ModuleType, tmp_path: Path) -> None:
    """Names, quoted phrase names and ability text become string constants, never code."""
    text = (
        f'building "{hostile}" (trout A201)\n'
        f'  cost 1 wood, discard "{hostile}"\n'
        "  vp 1  # __import__('os')._exit(4)\n"
        "  when built:\n"
        "    take 1 wood  # '); os._exit(5); ('\n"
    )
    compiled = compile_text(text, FILENAME)
    assert compiled.diagnostics == ()
    constants = {node.value for node in ast.walk(compiled.module) if isinstance(node, ast.Constant)}
    assert hostile in constants
    names = {node.id for node in ast.walk(compiled.module) if isinstance(node, ast.Name)}
    assert not names & {"os", "__import__", "print", "system", "exec", "eval"}
    assert {c for c in constants if isinstance(c, str) and "_exit" in c} <= {hostile}
    [spec] = load(text)
    assert spec.name == hostile
    assert spec.costs(None)[0].parts[1] == ("discard_building", hostile)
    run_effect(spec)
    assert library.calls == [("take", 1, "wood")]
    # The written module, as `nus build` saves it, is the same inert data.
    source = python_text(compiled.module, FILENAME)
    namespace: dict = {}
    exec(compile(source, "cards.py", "exec"), namespace)
    assert [card.name for card in namespace["CARDS"]] == [hostile]


def test_comments_never_reach_the_generated_code(library: types.ModuleType) -> None:
    """Rulings and other comments stay in cards.nus; no comment text is in the module."""
    text = (
        "# import os; os._exit(6)\n"
        'building "Quiet" (trout A202)\n'
        "  cost 1 wood\n"
        "  vp 1\n"
        "  # Ruling: \\n__import__('os')._exit(7)\n"
        "  when built:\n"
        "    take 1 wood\n"
    )
    compiled = compile_text(text, FILENAME)
    source = python_text(compiled.module, FILENAME)
    assert "_exit" not in source
    assert "Ruling" not in source


@pytest.mark.parametrize("filename", ["cards\nimport os\nos._exit(8)\n.nus", "cards\r__import__('os')._exit(9).nus"])
def test_filename_with_line_breaks_stays_in_comments(filename: str) -> None:
    """python_text heads the module and each function with the filename; a line break in it must not
    start a line of code."""
    compiled = compile_text('building "F" (trout A203)\n  cost 1 wood\n  vp 1\n', filename)
    source = python_text(compiled.module, filename)
    tree = ast.parse(source)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)]
    assert [ast.unparse(c.func) for c in calls if ast.unparse(c.func).startswith("os")] == []
    assert "_exit" not in "".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))


def test_generated_line_numbers_are_card_lines() -> None:
    """Every statement of a generated function carries a line of the card it came from; functions are named by
    their role on the card."""
    text = (
        'building "Lines" (trout A204)\n'
        "  cost 1 wood\n"
        "  vp by elders [1: 2, 2+: 3]\n"
        "  each time after you serve fish, if fish served >= 3:\n"
        "    take 2 wood\n"
        "    if elders > 1:\n"
        "      take 1 fish\n"
    )
    program = compile_text(text, FILENAME).program
    module, _ = generate(program, text, trace=True)
    functions = [node for node in module.body if isinstance(node, ast.FunctionDef)]
    lines = {node.name: sorted({s.lineno for s in ast.walk(node) if isinstance(s, ast.stmt)}) for node in functions}
    assert sorted(lines) == ["a204_ability1", "a204_ability1_explain", "a204_ability1_guard", "a204_vp"]
    assert lines["a204_vp"] == [3]
    assert lines["a204_ability1_guard"] == lines["a204_ability1_explain"] == [4]
    assert lines["a204_ability1"] == [4, 5, 6, 7]
    plain, _ = generate(program, text)
    assert "a204_ability1_explain" not in ast.unparse(plain)  # only a trace build explains a condition


def test_costs_of_numbers_alone_are_made_once_and_costs_that_count_are_made_on_each_call(
    library: types.ModuleType,
) -> None:
    """A cost whose every amount is a number is written as the options themselves, the same tuple on every call;
    a cost that counts something is a function, worked out on each call (the fake library counts 4 fish)."""
    text = (
        'building "Fixed" (trout A207)\n  cost 2 wood, 1 gold or 3 fish, discard "Counted"\n  vp 1\n'
        'building "Counted" (trout A208)\n  cost (fish in supply) wood\n  vp 1\n'
    )
    fixed, counted = load(text)
    options = fixed.costs(None)
    assert [option.parts for option in options] == [
        (("goods", 2, "wood"), ("goods", 1, "gold")),
        (("goods", 3, "fish"), ("discard_building", "Counted")),
    ]
    assert fixed.costs(Context(table=None, me=None)) is options
    assert [option.parts for option in counted.costs(None)] == [(("goods", 4, "wood"),)]
    library.good_in_supply = lambda ctx, good: 6
    assert [option.parts for option in counted.costs(None)] == [(("goods", 6, "wood"),)]
    source = python_text(compile_text(text, FILENAME).module, FILENAME)
    assert "costs=(\n        CostOption(" in source and "def a207_costs" not in source
    assert "def a208_costs(ctx):" in source and "costs=a208_costs," in source


def test_load_cards_raises_compile_error_with_all_diagnostics() -> None:
    """load_cards refuses a file with errors and carries every diagnostic, rendered."""
    from compiler.diagnostics import CompileError

    text = 'building "E" (trout A205)\n  cost 1 wod\n  vp 1\n  when built:\n    take 2 wod\n'
    with pytest.raises(CompileError) as raised:
        load(text)
    assert [(d.code, d.span.line) for d in raised.value.diagnostics] == [("E0102", 2), ("E0102", 5)]
    assert str(raised.value).count("error[E0102]") == 2


def callable_names(spec: CardSpec) -> list[Callable]:
    return [spec.costs, spec.vp, *(a.effect for a in spec.abilities)]


def test_loaded_cards_are_cached_by_content(library: types.ModuleType) -> None:
    """Loading the same text twice gives the same specs without compiling again."""
    text = 'building "Cached" (trout A206)\n  cost 1 wood\n  vp 1\n'
    first, second = load(text), load(text)
    assert first == second
    assert all(a is b for a, b in zip(callable_names(first[0]), callable_names(second[0]), strict=True))


def test_compiling_leaves_the_garbage_collector_as_it_was() -> None:
    """The collector is paused for a compile only: on again afterwards, or still off if it was off."""
    text = 'building "X" (trout A601)\n  cost 1 wood\n  vp 1\n'
    assert gc.isenabled()
    assert compile_text(text, "cards.nus").diagnostics == ()
    assert gc.isenabled()
    gc.disable()
    try:
        compile_text(text, "cards.nus")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_loading_the_cards_never_generates_their_worked_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulation loads the cards alone: the worked examples are a module of their own, made for `nus test`."""
    text = 'building "Alone" (trout A209)\n  cost 1 wood\n  vp 1\n  example "built":\n    do build this building\n'

    def refuse(card: object, lines: object) -> None:
        raise AssertionError("the worked examples were generated")

    with monkeypatch.context() as patched:
        patched.setattr(generate_module, "example_code", refuse)
        assert [spec.name for spec in load_cards(text, FILENAME)] == ["Alone"]
    assert [example.title for example in load_examples(text, FILENAME)] == ["built"]


def test_a_base_rules_example_may_name_a_value() -> None:
    """A base-rules example is generated as if written under a card with no name: its `let` once made the English
    of that nameless card, which raised IndexError (the grammar fuzz found it)."""
    text = 'example "Named": \n  do let a = 0\n  expect fish in supply = 0\n'
    compiled = compile_text(text, "rules.nus")
    assert compiled.diagnostics == ()
    assert [example.title for example in load_examples(text, "rules.nus")] == ["Named"]
