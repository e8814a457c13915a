"""Golden files: what every stage makes of a small card file, kept beside it in tests/compiler/golden/.

A change to the parse tree, the AST and its spans, the checked program, the generated Python or the English
shows up here as a diff to review. After an intended change, rewrite the files with

    NUS_UPDATE_GOLDEN=1 python -m pytest tests/compiler/test_golden.py

and commit them with the change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from compiler import compile_text, load_cards, load_examples, python_text
from compiler.backends.docs import card_docs
from compiler.checking.check import check
from compiler.diagnostics import Span
from compiler.syntax import nodes as n
from compiler.syntax.lark_parse import ParseRun
from compiler.syntax.parse import parse
from runtime.examples import run_examples

GOLDEN = Path(__file__).resolve().parent / "golden"
FIXTURE = GOLDEN / "fixture.nus"
FILENAME = "fixture.nus"
UPDATE = os.environ.get("NUS_UPDATE_GOLDEN") == "1"


def dump(value: object, indent: int = 0) -> str:
    """Every field of every node with its span (line:column-end_line:end_column); vocabulary entries by name."""
    pad = "  " * indent
    if isinstance(value, n.Node):
        lines = [f"{pad}{type(value).__name__} @{where(value.span)}"]
        for name in value.FIELDS:
            inner = getattr(value, name)
            if name == "span" or inner in (None, (), ""):
                continue
            if isinstance(inner, n.Node | tuple) and any(isinstance(x, n.Node | tuple) for x in flat(inner)):
                lines += [f"{pad}  {name}:", dump(inner, indent + 2)]
            else:
                lines.append(f"{pad}  {name}: {shown(inner)}")
        return "\n".join(lines)
    if isinstance(value, tuple):
        return "\n".join(dump(item, indent) for item in value) if value else f"{pad}()"
    return f"{pad}{shown(value)}"


def flat(value: object) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def where(span: Span | None) -> str:
    return "?" if span is None else f"{span.line}:{span.column}-{span.end_line}:{span.end_column}"


def shown(value: object) -> str:
    if isinstance(value, Span):
        return where(value)
    if isinstance(value, tuple):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    impl = getattr(value, "impl", None)
    return f"<{impl}: {value.pattern}>" if impl is not None else repr(value)


def stages() -> dict[str, str]:
    text = FIXTURE.read_text(encoding="utf-8")
    ast_program, diagnostics = parse(text, FILENAME)
    assert diagnostics == [] and ast_program is not None
    checked, problems = check(ast_program)
    assert problems == ()
    compiled = compile_text(text, FILENAME)
    english = [
        f"## {doc.name} ({doc.deck_name} {doc.code})\n{doc.players + chr(10) if doc.players else ''}"
        f"cost: {doc.cost}\nvp: {doc.vp}\n{doc.text}\n"
        for doc in card_docs(checked, text)
    ]
    return {
        "parse.txt": ParseRun(text).tree().pretty(),
        "ast.txt": dump(ast_program) + "\n",
        "checked.txt": dump(checked) + "\n",
        "python.txt": python_text(compiled.module, FILENAME),
        "examples.txt": python_text(compiled.examples, FILENAME),
        "english.md": "\n".join(english),
    }


@pytest.mark.parametrize("stage", ["parse.txt", "ast.txt", "checked.txt", "python.txt", "examples.txt", "english.md"])
def test_stage_output_matches_its_golden_file(stage: str) -> None:
    golden = GOLDEN / f"fixture.{stage}"
    produced = stages()[stage]
    if UPDATE:
        golden.write_text(produced, encoding="utf-8")
    assert golden.exists(), f"no {golden.name}: run NUS_UPDATE_GOLDEN=1 python -m pytest {__file__}"
    assert produced == golden.read_text(encoding="utf-8"), f"{golden.name} differs; review, then update"


def test_the_fixture_touches_every_kind_of_statement_and_its_example_passes() -> None:
    """The fixture is small but not thin: each block statement, a table, a let, a rule, a `players` line, an Elder,
    an example."""
    compiled = compile_text(FIXTURE.read_text(encoding="utf-8"), FILENAME)
    kinds = {type(node).__name__ for node in n.walk(compiled.program)}
    wanted = {"May", "ChooseOne", "UpTo", "If", "Let", "Table", "Rule", "Guard", "Example", "Given", "Do", "Expect"}
    wanted |= {"Players", "PlayerRange"}
    assert wanted <= kinds
    assert {card.kind for card in compiled.program.cards} == {"building", "elder"}
    text = FIXTURE.read_text(encoding="utf-8")
    outcomes = run_examples(load_examples(text, FILENAME), load_cards(text, FILENAME))
    assert [(o.example.title, o.failures) for o in outcomes] == [("two Elders give 4 wood", ())]
