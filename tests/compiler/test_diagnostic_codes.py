"""The catalogue of diagnostic codes: each code declared once, every declared code emitted somewhere, no
code written out anywhere else, and `nus check --explain CODE` prints its explanation."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from compiler import diagnostic_codes
from compiler.cli import main
from compiler.diagnostic_codes import CATALOGUE, Code

ROOT = Path(__file__).resolve().parents[2]
COMPILER = ROOT / "compiler"
CATALOGUE_FILE = COMPILER / "diagnostic_codes.py"
DECLARED = {name: value for name, value in vars(diagnostic_codes).items() if isinstance(value, Code)}


def sources() -> list[Path]:
    return [path for path in sorted(COMPILER.rglob("*.py")) if path != CATALOGUE_FILE]


def referenced_codes() -> set[str]:
    """Every `codes.NAME` (the module as imported by emitters) and every name imported from the catalogue."""
    names = set()
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "codes":
                names.add(node.attr)
            elif isinstance(node, ast.ImportFrom) and node.module == "compiler.diagnostic_codes":
                names.update(alias.name for alias in node.names)
    return names


def test_each_code_is_declared_once_with_a_title_and_an_explanation() -> None:
    ids = [code.id for code in DECLARED.values()]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    assert sorted(CATALOGUE) == sorted(ids)
    for code in DECLARED.values():
        assert re.fullmatch(r"E\d{4}" if code.severity == "error" else r"W\d{4}", code.id)  # a warning's is W...
        assert code.title and code.title == code.title.strip()
        assert len(code.explanation.strip()) > len(code.title)


def test_every_code_the_compiler_names_is_declared_and_every_declared_code_is_used() -> None:
    used = referenced_codes() - {"CATALOGUE", "Code"}
    assert used - set(DECLARED) == set(), "named but not declared"
    assert set(DECLARED) - used == set(), "declared but never emitted"


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_code_is_written_out_outside_the_catalogue(path: Path) -> None:
    """An emitter names a code by its declaration, so a code cannot be misspelt or reused for another error."""
    assert re.findall(r"\b[EW]\d{4}\b", path.read_text(encoding="utf-8")) == []


@pytest.mark.slow
def test_every_code_has_a_diagnostic_test() -> None:
    """Some test (tests/compiler/test_diagnostics.py for most) pins each code's message, span and help."""
    tests = sorted((ROOT / "tests").rglob("test_*.py"))
    pinned = "".join(path.read_text(encoding="utf-8") for path in tests if path.name != Path(__file__).name)
    assert [code for code in sorted(CATALOGUE) if not re.search(rf"\b{code}\b", pinned)] == []


def test_explain_prints_the_code_title_and_explanation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--explain", "E0102"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("E0102: unknown good, ship type or letter\n\n")
    assert out == CATALOGUE["E0102"].explain() and "take 2 wod" in out
    assert err == ""


def test_explain_accepts_lower_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--explain", "e0311"]) == 0
    assert capsys.readouterr().out == CATALOGUE["E0311"].explain()


def test_explain_of_an_unknown_code_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--explain", "E9999"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("nus: error: no diagnostic code 'E9999' (codes: E0001, E0002,")
