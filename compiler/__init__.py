"""The nus card-language compiler. Its front door: one entry per stage, used alike by the command line, the
language server and the tests.

    check_text(text, filename)     every diagnostic of a file and its number of cards (cached on disk)
    compile_text(text, filename)   the checked program, its cards' and its worked examples' Python modules
    load_cards(text, filename)     the CardSpecs the runtime plays
    load_examples(text, filename)  the worked examples `nus test` runs
    python_text(module, filename)  a generated module as the readable cards.py or examples.py of `nus build`

Each entry imports its stage when called, so `nus check` of a file checked before reads the cache without
importing the parser, and importing any module of the package costs nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ast

    from compiler.cache import CheckResult
    from compiler.units import Compiled
    from runtime.model.cards import CardSpec, Example

__version__ = "0.1.0"  # pyproject.toml reads it from here


def check_text(text: str, filename: str, *, use_cache: bool = True) -> CheckResult:
    """Every diagnostic of a file and its number of cards: from the on-disk cache when the same text was checked
    before, else compiling only the definitions whose text the last check of this file did not see."""
    from compiler.cache import checked

    return checked(text, filename, use_cache)


def compile_text(text: str, filename: str) -> Compiled:
    """Parse, check and generate, card by card: a definition compiled before in this process, with the same text,
    is not compiled again. The modules are None when the file has diagnostics."""
    from compiler.units import compiled

    return compiled(text, filename)


def load_cards(text: str, filename: str, *, on_disk: bool = False, trace: bool = False) -> list[CardSpec]:
    """The file's cards, compiled and run once a process (CompileError on a file with diagnostics); `on_disk` also
    keeps the compiled code in the on-disk cache, for the commands that play many games; `trace` gives each
    ability's condition its explaining twin, which `nus trace` shows."""
    from compiler.backends.parts import Part
    from compiler.load import namespace

    return list(namespace(text, filename, Part.TRACED_CARDS if trace else Part.CARDS, on_disk)["CARDS"])


def load_examples(text: str, filename: str) -> list[Example]:
    """The file's worked examples, from a module of their own: loading the cards never generates them."""
    from compiler.backends.parts import Part
    from compiler.load import namespace

    return list(namespace(text, filename, Part.EXAMPLES)["EXAMPLES"])


def python_text(module: ast.Module, filename: str) -> str:
    """The generated module as readable Python: one block per card, each function headed by its cards.nus line."""
    from compiler.backends import python_text as writer

    return writer.python_text(module, filename)
