"""A cached check says what a check from nothing says (issue 31 §6): over mutated copies of cards.nus, a new process
reading the facts the clean file left on disk gives the same errors, warnings and card count, rendered byte for byte
the same, as a check with no cache and nothing in memory; and it compiles exactly the definitions whose text the
clean file does not hold, so what spans cards (a name or code used twice, a quoted name, hooks that set each other
off) is judged afresh from every card's facts."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from compiler import check_text, units
from compiler.cache import CheckResult
from tests.kit.mutations import REAL, mutated_file

pytestmark = pytest.mark.slow

EXAMPLES = max(1, int(os.environ.get("NUS_FUZZ_EXAMPLES", "2400")) // 100)


@pytest.fixture(scope="module")
def warm_facts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The facts a check of the clean cards.nus leaves on disk."""
    folder = tmp_path_factory.mktemp("warm")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NUS_CACHE_DIR", str(folder))
        patch.setattr(units, "MEMO", units.Memo())
        assert check_text(REAL, "cards.nus") == CheckResult((), 96, ())
    return folder / "units"


def rendered(result: CheckResult, text: str) -> list[str]:
    return [diagnostic.render(text) for diagnostic in (*result.diagnostics, *result.warnings)]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=mutated_file())
def test_a_cached_check_of_an_edited_file_is_a_check_from_nothing(warm_facts: Path, text: str) -> None:
    compiled: list[units.Block] = []
    compile_unit = units.compile_unit

    def counting(block: units.Block, filename: str) -> units.Unit:
        compiled.append(block)
        return compile_unit(block, filename)

    clean = {block.digest for block in units.split(REAL)}
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        shutil.copytree(warm_facts, Path(folder) / "units")
        patch.setenv("NUS_CACHE_DIR", folder)
        patch.setattr(units, "compile_unit", counting)
        patch.setattr(units, "MEMO", units.Memo())
        cached = check_text(text, "cards.nus")
        assert {block.digest for block in compiled} == {b.digest for b in units.split(text)} - clean
        patch.setattr(units, "MEMO", units.Memo())
        fresh = check_text(text, "cards.nus", use_cache=False)
        assert cached == fresh
        assert rendered(cached, text) == rendered(fresh, text)
        patch.setattr(units, "MEMO", units.Memo())
        assert check_text(text, "cards.nus") == cached  # the whole file's entry, read back
        assert check_text(REAL, "cards.nus") == CheckResult((), 96, ())  # the edit undone: clean again
