"""A compiler that never redoes work (issue 10): `nus check` imports only what it needs, a second check of an
unchanged file reads its result from the on-disk cache instead of compiling, and after an edit only the edited
definitions are compiled again (compiler/units.py), in this process or the next one, with exact diagnostics."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import cache, check_text, compile_text, load, load_cards, units
from compiler.backends.parts import Part
from compiler.cache import cache_dir, cached_code, code_path
from compiler.checking import whole_file
from compiler.cli import main
from compiler.diagnostics import Span
from compiler.syntax import nodes as n
from tests.kit.stages import run_stages

ROOT = Path(__file__).resolve().parents[2]
BAD = 'building "Hut" (trout A613)\n  cost 1 wod\n  vp 1\n'


POOL = """# a small pool
elder "Harbor Master" (base E08)
  use:
    build a ship

building "Hut" (trout A613)
  cost 1 wood
  vp 1
  example "the Harbor Master's fish":
    given fish on elder "Harbor Master" = 0
    expect fish on elder "Harbor Master" = 0

building "Shed" (trout A614)
  cost 1 wood
  vp 2

example "a base rule":
  given wood in supply = 1
  expect wood in supply = 1
"""


@pytest.fixture
def compiled_blocks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int]:
    """The first line of every block compiled from here on, in a process that has compiled nothing yet."""
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(units, "MEMO", units.Memo())
    starts: list[int] = []
    compile_unit = units.compile_unit

    def counting(block: units.Block, filename: str) -> units.Unit:
        starts.append(block.start)
        return compile_unit(block, filename)

    monkeypatch.setattr(units, "compile_unit", counting)
    return starts


def new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a new `nus check` process starts with: nothing in memory, only the disk cache."""
    monkeypatch.setattr(units, "MEMO", units.Memo())


def same_as_whole_file(text: str) -> None:
    """Card by card gives what the whole-file compile gives: diagnostics, every node's span, the Python."""
    by_card, whole = compile_text(text, "pool.nus"), run_stages(text, "pool.nus")
    assert by_card.diagnostics == whole.diagnostics
    if whole.program is None:
        assert by_card.program is None
        return
    assert by_card.program == whole.program
    assert [node.span for node in n.walk(by_card.program)] == [node.span for node in n.walk(whole.program)]
    assert (by_card.module is None) == (whole.module is None)
    if whole.module is not None:
        assert ast_text(by_card.module) == ast_text(whole.module)


def ast_text(module) -> str:
    import ast

    return ast.dump(module, include_attributes=True)


def test_one_edited_card_is_the_only_one_compiled_again(compiled_blocks: list[int]) -> None:
    assert compile_text(POOL, "pool.nus").diagnostics == ()
    assert compiled_blocks == [2, 6, 13, 17]  # the Elder, two Buildings and the example; the comment is no block
    edited = POOL.replace("vp 2", "vp 3")
    compiled = compile_text(edited, "pool.nus")
    assert compiled_blocks[4:] == [13]
    assert [card.vp[0].value for card in compiled.program.cards[1:]] == [1, 3]
    assert compile_text(edited, "pool.nus").diagnostics == ()
    assert compiled_blocks[5:] == []
    same_as_whole_file(edited)


def test_the_next_process_compiles_only_the_edited_card(
    compiled_blocks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The on-disk facts: a new process checking an edited file compiles the edited definition alone."""
    assert check_text(POOL, "pool.nus").diagnostics == ()
    assert len(compiled_blocks) == 4
    new_process(monkeypatch)
    result = check_text(POOL.replace("vp 2", "vp 2 +"), "pool.nus")
    assert [(d.code, d.span.line) for d in result.diagnostics] == [("E0003", 15)]
    assert compiled_blocks[4:] == [13]


def test_a_card_moved_by_an_edit_above_keeps_exact_positions(
    compiled_blocks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lines added above move the cards below: an error-free card's facts move with it uncompiled; one with a
    diagnostic (its message may name a line) is compiled again at its new place."""
    broken = POOL.replace("vp 2", "vp 2000")
    assert [(d.code, d.span.line) for d in check_text(broken, "pool.nus").diagnostics] == [("E0204", 15)]
    new_process(monkeypatch)
    moved = broken.replace("  cost 1 wood\n  vp 1\n", "  cost 1 wood\n  # cheap\n  # and small\n  vp 1\n")
    result = check_text(moved, "pool.nus")
    assert [(d.code, d.span.line, d.span.column) for d in result.diagnostics] == [("E0204", 17, 6)]
    assert compiled_blocks[4:] == [6, 15]  # the edited Hut and the moved Shed with its error; not the example
    same_as_whole_file(moved)
    clean = moved.replace("vp 2000", "vp 2").replace("trout A614", "trout A613")
    [duplicate] = check_text(clean, "pool.nus").diagnostics
    assert (duplicate.code, duplicate.span.line, duplicate.help) == ("E0113", 15, "first used on line 6")
    same_as_whole_file(clean)


def test_the_facts_on_disk_after_edits_are_those_a_first_check_writes(
    compiled_blocks: list[int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An unchanged definition's facts are written back as read, a moved or edited one's encoded again: after an
    edit inside a card, then lines added above it, the facts file is the one a check with no cache before writes."""
    check_text(POOL, "pool.nus")
    edits = [POOL.replace("vp 2", "vp 3"), POOL.replace("vp 2", "vp 3").replace("  vp 1\n", "  # small\n  vp 1\n")]
    for index, edited in enumerate(edits):
        new_process(monkeypatch)
        check_text(edited, "pool.nus")
        written = cache.read_json(cache.facts_path("pool.nus"))
        monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / f"first-{index}"))
        new_process(monkeypatch)
        check_text(edited, "pool.nus")
        assert written == cache.read_json(cache.facts_path("pool.nus"))
        monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / "cache"))
    # the edited Shed, then all four with no cache; the edited Hut alone (the Shed moves uncompiled), then all four
    assert compiled_blocks[4:] == [13, 2, 6, 13, 17, 6, 2, 6, 14, 18]


def test_a_renamed_card_is_an_error_where_it_is_still_quoted(
    compiled_blocks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Hut's text does not change, so it is not compiled again, yet its quotes of the old name are errors."""
    assert check_text(POOL, "pool.nus").diagnostics == ()
    new_process(monkeypatch)
    renamed = POOL.replace('elder "Harbor Master" (base', 'elder "Port Master" (base')
    result = check_text(renamed, "pool.nus")
    assert compiled_blocks[4:] == [2]
    assert [(d.code, d.message, str(d.span), d.help) for d in result.diagnostics] == [
        ("E0114", "no elder named 'Harbor Master' in this file", "pool.nus:10:25", "did you mean 'Port Master'?"),
        ("E0114", "no elder named 'Harbor Master' in this file", "pool.nus:11:26", "did you mean 'Port Master'?"),
    ]
    assert check_text(POOL, "pool.nus").diagnostics == ()  # renamed back: clean again, nothing compiled
    assert compiled_blocks[5:] == []
    same_as_whole_file(renamed)


HOOKS = """building "Ships" (trout A613)
  cost none
  vp 1
  each time after any player builds a ship:
    serve fish

building "Serves" (trout A614)
  cost none
  vp 1
  each time before you serve fish:
    take 1 wood
"""


def test_an_edit_that_closes_a_loop_with_an_unchanged_card_is_found(
    compiled_blocks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hook loops span cards: the unchanged Ships is not compiled again, yet the loop its hook now closes with the
    edited Serves is reported at its line; undone, the file is clean again without compiling anything."""
    assert check_text(HOOKS, "pool.nus").diagnostics == ()
    new_process(monkeypatch)
    looping = HOOKS.replace("take 1 wood", "take 1 wood, build a ship")
    [loop] = check_text(looping, "pool.nus").diagnostics
    assert compiled_blocks[2:] == [7]
    assert (loop.code, loop.span.line) == ("E0310", 4)
    assert 'line 11 "build a ship" -> line 4 again' in loop.help
    new_process(monkeypatch)
    assert check_text(HOOKS, "pool.nus").diagnostics == ()
    assert compiled_blocks[3:] == []


def test_a_missing_name_quoted_many_times_is_compared_with_the_pool_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A "did you mean" hint compares the name with every card's (slow in a pool of 10,000): a renamed card that
    examples still quote is looked up once, and each quote gets the same hint."""
    looked_up: list[str] = []
    suggestion = whole_file.suggestion

    def counting(word: str, candidates) -> str:
        looked_up.append(word)
        return suggestion(word, candidates)

    monkeypatch.setattr(whole_file, "suggestion", counting)
    renamed = POOL.replace('elder "Harbor Master" (base', 'elder "Port Master" (base')
    quote = '    expect fish on elder "Harbor Master" = 0\n'
    renamed = renamed.replace(quote, quote + quote.replace("Harbor", "Harbour"))
    result = run_stages(renamed, "pool.nus")
    assert [(d.span.line, d.help) for d in result.diagnostics] == [
        (10, "did you mean 'Port Master'?"),
        (11, "did you mean 'Port Master'?"),
        (12, "did you mean 'Port Master'?"),
    ]
    assert looked_up == ["Harbor Master", "Harbour Master"]


def test_a_syntax_error_in_one_definition_hides_nothing_of_the_others(compiled_blocks: list[int]) -> None:
    """As the whole-file compile: a definition that does not parse gives its syntax error, the others are judged
    all the same (only the syntax error was reported); the cards counted are those that parsed."""
    text = POOL.replace("vp 2", "vp 2 +").replace("cost 1 wood\n  vp 1", "cost 1 wod\n  vp 1")
    assert [(d.code, d.span.line) for d in check_text(text, "pool.nus").diagnostics] == [("E0102", 7), ("E0003", 15)]
    assert check_text(text, "pool.nus").cards == 2
    same_as_whole_file(text)


@pytest.mark.slow
def test_card_by_card_equals_the_whole_file_on_cards_nus() -> None:
    same_as_whole_file((ROOT / "cards.nus").read_text(encoding="utf-8"))


def positions(program: n.Program) -> list[tuple[str, object]]:
    """Every place a node records: its spans (also a card's name, deck and code, a quantity's words) and any
    `*_line` field, which equality and same_as_whole_file leave out."""
    return [
        (name, value)
        for node in n.walk(program)
        for name in node.FIELDS
        if is_position(name, value := getattr(node, name))
    ]


def is_position(field_name: str, value: object) -> bool:
    spans = isinstance(value, tuple) and bool(value) and isinstance(value[0], Span)
    return isinstance(value, Span) or spans or field_name.endswith("_line")


def test_a_line_inserted_above_recompiles_only_the_touched_definition_in_memory(compiled_blocks: list[int]) -> None:
    """The editor and `nus watch` compile in memory: the definitions below an inserted line are moved, not
    compiled again, and every position and the Python are as a compile of the whole file gives them."""
    text = (ROOT / "tests/compiler/golden/fixture.nus").read_text(encoding="utf-8")
    assert compile_text(text, "pool.nus").diagnostics == ()
    assert compiled_blocks == [3, 12, 29]
    inserted = text.replace("  vp 2\n", "  vp 2\n  # two lines\n  # more\n", 1)
    by_card = compile_text(inserted, "pool.nus")
    assert compiled_blocks[3:] == [3]  # the Market; the Harbor Table and the Builder only moved, 2 lines down
    whole = run_stages(inserted, "pool.nus")
    assert positions(by_card.program) == positions(whole.program)
    assert [c.span.line for c in by_card.program.cards] == [3, 14, 31]
    same_as_whole_file(inserted)
    assert compile_text(text, "pool.nus").diagnostics == ()  # lines taken out again: moved back, not compiled
    assert compiled_blocks[4:] == []
    assert positions(compile_text(text, "pool.nus").program) == positions(run_stages(text, "pool.nus").program)


def test_a_moved_definition_with_a_diagnostic_is_compiled_again(compiled_blocks: list[int]) -> None:
    """Its message may name a line, so it is not moved."""
    broken = POOL.replace("vp 2", "vp 2000")
    assert [d.span.line for d in compile_text(broken, "pool.nus").diagnostics] == [15]
    moved = broken.replace("# a small pool", "# a small pool\n# of cards")
    assert [d.span.line for d in compile_text(moved, "pool.nus").diagnostics] == [16]
    assert compiled_blocks[4:] == [14]
    same_as_whole_file(moved)


def test_an_unchanged_file_is_not_compiled_again(
    tmp_path: Path, compiled_blocks: list[int], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cards.nus"
    path.write_text(BAD, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    first = capsys.readouterr()
    assert len(list((tmp_path / "cache" / "check").rglob("*.json"))) == 1
    assert compiled_blocks == [1]
    new_process(monkeypatch)
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr() == first  # the same diagnostics, rendered the same
    assert compiled_blocks == [1]
    path.write_text(BAD.replace("wod", "wood"), encoding="utf-8")
    assert main(["check", str(path)]) == 0  # changed text: a miss, so it compiles
    assert compiled_blocks == [1, 1]


def test_no_cache_and_a_damaged_entry_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "cards.nus"
    path.write_text(BAD, encoding="utf-8")
    assert main(["check", "--no-cache", str(path)]) == 1
    assert not (tmp_path / "cache").exists()
    assert main(["check", str(path)]) == 1
    [entry] = (tmp_path / "cache" / "check").rglob("*.json")
    entry.write_text("{not json", encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    assert "error[E0102]: unknown good 'wod'" in capsys.readouterr().err


def test_the_cache_lives_where_the_environment_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NUS_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "nus"


def test_a_changed_rules_toml_is_a_changed_compiler(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A check result depends on rules.toml (its Ship types, the player counts a `players` line may name), so a
    changed most_players never reads a result checked under the old one."""
    for source in cache.SOURCES:
        if (ROOT / source).is_file():
            (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / source, tmp_path / source)
        else:
            shutil.copytree(ROOT / source, tmp_path / source, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "ROOT", tmp_path)
    same = cache.compiler_fingerprint.__wrapped__()
    assert same == cache.compiler_fingerprint()
    rules = tmp_path / "runtime" / "rules.toml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("most_players = 5", "most_players = 4"), "utf-8")
    assert cache.compiler_fingerprint.__wrapped__() != same


@pytest.mark.slow
def test_the_cache_key_holds_every_source_a_check_reads() -> None:
    """A check result is kept under a hash of cache.SOURCES: every module of this project that checking a file
    imports lies under them (but the empty runtime package and the wording a diagnostic is printed with, which no
    stored result holds), so no change to a checking module can leave an old result standing."""
    script = (
        "import sys\nfrom compiler import units, cache\nunits.check_facts(open('cards.nus').read(), 'x.nus', {})\n"
        "print(' '.join(m.__file__ for n, m in sys.modules.items() if n.split('.')[0] in ('compiler', 'runtime')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    read = [Path(name).relative_to(ROOT) for name in done.stdout.split()]
    assert Path("compiler/checking/check.py") in read
    outside = {path for path in read if not any(path.is_relative_to(source) for source in cache.SOURCES)}
    assert outside == {Path("runtime/__init__.py"), Path("runtime/wording.py")}


@pytest.mark.slow
def test_check_imports_only_what_it_needs(tmp_path: Path) -> None:
    """Neither jinja2 nor the reference, formatter, generator or simulation; on a cached file not even the parser."""
    script = (
        "import sys\nfrom compiler.cli import main\n"
        "main(['check', 'cards.nus'])\nmain(['check', 'cards.nus'])\nprint(' '.join(sorted(sys.modules)))\n"
    )
    environment = {**os.environ, "NUS_CACHE_DIR": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=environment)
    modules = set(first.stdout.split("\n")[-2].split())
    unwanted = {
        *("jinja2", "scipy", "compiler.backends.docs", "compiler.backends.format", "compiler.backends.generate"),
        "runtime.analysis.simulate",
    }
    assert modules & unwanted == set()
    cached = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=environment)
    modules = set(cached.stdout.split("\n")[-2].split())
    assert "cards.nus: 96 cards, no errors" in cached.stdout
    assert modules & (unwanted | {"lark", "compiler.load", "compiler.checking.check"}) == set()


@pytest.mark.slow
def test_a_second_simulate_plays_the_cached_code_without_compiling(tmp_path: Path) -> None:
    """The first `nus simulate` compiles and keeps the code; the next process plays the same games from it
    without importing the parser, the checker or the generator."""
    script = (
        "import sys\nfrom compiler.cli import main\n"
        "main(['simulate', '--games', '2', '--jobs', '1'])\nprint(' '.join(sorted(sys.modules)))\n"
    )
    environment = {**os.environ, "NUS_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=environment)
        for _ in range(2)
    ]
    first, cached = ([line for line in run.stdout.split("\n") if line] for run in runs)
    assert first[:-1] == cached[:-1] and first[0].startswith("seed 0: P1 ")
    compiling = {"compiler.syntax.parse", "compiler.checking.check", "compiler.backends.generate"}
    assert compiling <= set(first[-1].split())
    assert compiling & set(cached[-1].split()) == set()
    assert len(list((tmp_path / "code").rglob("*.marshal"))) == 1


def test_damaged_cached_code_is_compiled_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path))
    text = 'building "Cached" (trout A998)\n  cost 1 wood\n  vp 2\n'
    damaged = code_path(text, "cached.nus", "cards")
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes(b"\x00damaged")
    assert cached_code(text, "cached.nus", "cards") is None
    assert [spec.name for spec in load_cards(text, "cached.nus", on_disk=True)] == ["Cached"]
    assert cached_code(text, "cached.nus", "cards") is not None


def test_a_process_keeps_only_the_most_recent_card_files_loaded() -> None:
    """A fuzz run or a long `nus watch` session loads thousands of texts: memory stays flat, and the file in use
    is still loaded once."""
    texts = [f'building "Kept {n}" (trout A{n:03d})\n  cost 1 wood\n  vp 1\n' for n in range(load.LOADED_LIMIT + 8)]
    modules = [load.namespace(text, "kept.nus", Part.CARDS) for text in texts]
    assert len(load._loaded) == load.LOADED_LIMIT
    assert load.namespace(texts[-1], "kept.nus", Part.CARDS) is modules[-1]
    assert load.namespace(texts[0], "kept.nus", Part.CARDS) is not modules[0]
