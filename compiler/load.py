"""The whole pipeline: text -> AST -> checked AST -> Python -> CardSpecs the runtime runs.

The stages are imported where they run: a command that finds a file's compiled code in the on-disk cache
(`load_cached_cards`) starts playing without importing the parser, checker or generator."""

from __future__ import annotations

import ast
import hashlib
import linecache
from collections import OrderedDict
from dataclasses import dataclass
from types import CodeType
from typing import TYPE_CHECKING

from compiler import cache
from compiler.collector import collector_paused
from compiler.diagnostics import CompileError, Diagnostic, source_lines
from runtime.model.cards import CardSpec, Example

if TYPE_CHECKING:
    from compiler.syntax import nodes as n


@dataclass(frozen=True)
class Compiled:
    program: n.Program | None
    module: ast.Module | None
    diagnostics: tuple[Diagnostic, ...]


def compile_text(text: str, filename: str) -> Compiled:
    """Card by card (compiler/units.py): a definition compiled before, with the same text at the same line, is
    not compiled again."""
    from compiler.backends.generate import assemble
    from compiler.units import compile_units, program_of

    with collector_paused():
        units, judged = compile_units(text, filename)
        if not all(unit.facts.parsed for unit in units):
            return Compiled(None, None, judged.diagnostics)
        program = program_of(units, filename)
        if judged.diagnostics:
            return Compiled(program, None, judged.diagnostics)
        lines = source_lines(text)
        return Compiled(
            program, assemble(program, [code for unit in units for code in unit.card_code(lines)], lines), ()
        )


def run_stages(text: str, filename: str) -> Compiled:
    """The whole file at once, each stage over every card: what compile_text must equal (tests compare them)."""
    from compiler.backends.generate import generate
    from compiler.checking.check import Checker, check
    from compiler.checking.whole_file import Header, file_diagnostics, links_of
    from compiler.syntax.build_ast import build_ast
    from compiler.syntax.parse import parse_recovering
    from compiler.units import header_read_off

    recovered = parse_recovering(text, filename)
    if recovered.tree is None:
        return Compiled(None, None, recovered.errors)
    if recovered.errors:  # the definitions that parse are checked all the same, each broken one counts its header
        lines = source_lines(text)
        checker = Checker()
        checked = checker.program(build_ast(recovered.tree, filename))
        broken = [header for line in recovered.left_out for header in header_read_off(lines[line - 1], line, filename)]
        headers = sorted([*map(Header.of, checked.cards), *broken], key=lambda header: header.span.line)
        file_wide = file_diagnostics(headers, checker.references, links_of(checked.cards))
        found = [*recovered.errors, *checker.diagnostics, *file_wide]
        return Compiled(None, None, tuple(sorted(set(found), key=lambda d: d.sort_key)))
    program, diagnostics = check(build_ast(recovered.tree, filename))
    if diagnostics:
        return Compiled(program, None, tuple(sorted(set(diagnostics), key=lambda d: d.sort_key)))
    return Compiled(program, generate(program, text), ())


LOADED_LIMIT = 32  # card files kept loaded by one process: a long `nus watch` session or fuzz run stays flat
_loaded: OrderedDict[str, dict] = OrderedDict()


def load_module(text: str, filename: str, on_disk: bool = False) -> dict:
    """Compile and run the generated module; tracebacks inside card effects name the card line.

    Results are cached by content, so loading an unchanged file again costs a hash; `on_disk` also keeps the
    compiled code in the on-disk cache for the next process.
    """
    key = hashlib.sha256(f"{filename}\0{text}".encode()).hexdigest()
    if key not in _loaded:
        code = cache.cached_code(text, filename) if on_disk else None
        if code is None:
            code = compiled_code(text, filename)
            if on_disk:
                cache.store_code(text, filename, code)
        linecache.cache[filename] = (len(text), None, [line + "\n" for line in source_lines(text)], filename)
        namespace: dict = {"__name__": "nus_cards"}
        with collector_paused():
            exec(code, namespace)
        _loaded[key] = namespace
    _loaded.move_to_end(key)
    while len(_loaded) > LOADED_LIMIT:
        _loaded.popitem(last=False)
    return _loaded[key]


def compiled_code(text: str, filename: str) -> CodeType:
    compiled = compile_text(text, filename)
    if compiled.diagnostics:
        raise CompileError(list(compiled.diagnostics), {filename: text})
    with collector_paused():
        return compile(compiled.module, filename, "exec")


def load_cards(text: str, filename: str) -> list[CardSpec]:
    return list(load_module(text, filename)["CARDS"])


def load_cached_cards(text: str, filename: str) -> list[CardSpec]:
    """For commands that play many games (a module-level function, so worker processes receive it by name)."""
    return list(load_module(text, filename, on_disk=True)["CARDS"])


def load_examples(text: str, filename: str) -> list[Example]:
    return list(load_module(text, filename)["EXAMPLES"])


def python_source(module: ast.Module, filename: str) -> str:
    """The generated module as readable Python: one block per card, each function headed by its cards.nus line."""
    from compiler.backends.python_text import python_text

    return python_text(module, filename)
