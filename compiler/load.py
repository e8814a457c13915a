"""The whole pipeline: text -> AST -> checked AST -> Python -> CardSpecs the runtime runs."""

from __future__ import annotations

import ast
import gc
import hashlib
import linecache
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from compiler.backends.generate import generate
from compiler.backends.python_text import python_text
from compiler.checking.check import check
from compiler.diagnostics import CompileError, Diagnostic, source_lines
from compiler.syntax import nodes as n
from compiler.syntax.build_ast import build_ast
from compiler.syntax.parse import parse
from runtime.model.cards import CardSpec, Example


@dataclass(frozen=True)
class Compiled:
    program: n.Program | None
    module: ast.Module | None
    diagnostics: tuple[Diagnostic, ...]


@contextmanager
def collector_paused() -> Iterator[None]:
    """A compile builds only trees, no cycles worth collecting; the collector's full passes over a growing
    heap made compiling 10,000 cards take 45x as long as 1,000. Paused, the cost grows linearly."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def compile_text(text: str, filename: str) -> Compiled:
    with collector_paused():
        return run_stages(text, filename)


def run_stages(text: str, filename: str) -> Compiled:
    tree, diagnostics = parse(text, filename)
    if tree is None:
        return Compiled(None, None, tuple(diagnostics))
    program, diagnostics = check(build_ast(tree, filename))
    if diagnostics:
        return Compiled(program, None, tuple(sorted(set(diagnostics), key=lambda d: d.sort_key)))
    return Compiled(program, generate(program, text), ())


_loaded: dict[str, dict] = {}


def load_module(text: str, filename: str) -> dict:
    """Compile and run the generated module; tracebacks inside card effects name the card line.

    Results are cached by content, so loading an unchanged file again costs a hash.
    """
    key = hashlib.sha256(f"{filename}\0{text}".encode()).hexdigest()
    if key not in _loaded:
        compiled = compile_text(text, filename)
        if compiled.diagnostics:
            raise CompileError(list(compiled.diagnostics), {filename: text})
        linecache.cache[filename] = (len(text), None, [line + "\n" for line in source_lines(text)], filename)
        namespace: dict = {"__name__": "nus_cards"}
        with collector_paused():
            exec(compile(compiled.module, filename, "exec"), namespace)
        _loaded[key] = namespace
    return _loaded[key]


def load_cards(text: str, filename: str) -> list[CardSpec]:
    return list(load_module(text, filename)["CARDS"])


def load_examples(text: str, filename: str) -> list[Example]:
    return list(load_module(text, filename)["EXAMPLES"])


def python_source(module: ast.Module, filename: str) -> str:
    """The generated module as readable Python: one block per card, each function headed by its cards.nus line."""
    return python_text(module, filename)
