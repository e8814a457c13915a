"""Lark's parse tables for the grammar are cached beside the grammar, as Python caches bytecode, never in the shared
temporary folder, where another user could plant a file Lark would unpickle."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from compiler.syntax import lark_parse as parse


def test_the_tables_live_in_pycache_beside_the_grammar(tmp_path: Path) -> None:
    grammar = tmp_path / "nus.lark"
    tables = tmp_path / "__pycache__" / f"nus.lark.{sys.implementation.cache_tag}.tables"
    assert parse.tables_file(grammar) == str(tables)
    assert (tmp_path / "__pycache__").is_dir()


def test_the_parser_never_caches_in_the_temporary_folder() -> None:
    grammar = Path(str(parse.resources.files("grammar").joinpath("nus.lark")))
    where = Path(parse.tables_file(grammar))
    assert where.parent == grammar.parent / "__pycache__"
    assert where.parent != Path(tempfile.gettempdir())


def test_where_no_folder_can_be_made_the_tables_are_built_each_time(tmp_path: Path) -> None:
    (tmp_path / "__pycache__").write_text("a file where the folder would go", encoding="utf-8")
    assert parse.tables_file(tmp_path / "nus.lark") is False
