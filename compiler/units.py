"""Compiling a card file one definition at a time, so an edit recompiles only the definition it touched.

The text is split into blocks where a definition starts (`building`, `elder` or `example` at the margin, where
the parser recovers too). Each block is parsed and checked alone, its AST built at the block's lines in the
file, so every span and diagnostic is exact, and the result is kept under the block's text. What no block
shows alone (a name or code used twice, a quoted name no card has, hooks that set each other off) is found for
the whole file from every block's Facts by `checking.whole_file.file_diagnostics`, which the whole-file check uses
too: rename a card and the unchanged cards that still quote its old name get the error.

Two levels, both keyed by the block's text:
- Facts: a block's diagnostics, its card's name and code, the names it quotes, its trigger links. Small plain
  data, also saved on disk by compiler/cache.py. Reused wherever the block moved, shifted to its new line; a
  block with a diagnostic is compiled again when it moves, as a message may name a line.
- Unit: the checked definitions and generated code. Reused where the block moved too, its spans shifted and its
  code made again (cheap next to parsing and checking), unless it has a diagnostic.
"""

from __future__ import annotations

import ast
import hashlib
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING

from compiler.backends.parts import Part
from compiler.checking.check import Checker
from compiler.checking.cycles import Link
from compiler.checking.whole_file import Header, Reference, file_diagnostics, links_of
from compiler.collector import collector_paused
from compiler.diagnostics import Diagnostic, Span, by_severity, moved, source_lines
from compiler.plain import Plain
from compiler.syntax import nodes as n
from compiler.syntax.parse import card_header, definitions, parse
from runtime.model.declarations import CardKind

if TYPE_CHECKING:
    from compiler.backends.generate import CardCode


class Block:
    """One definition's lines, where they start in the file (line 1 is the first), and the digest of its text: the
    key its Facts and its Unit are kept under."""

    __slots__ = ("start", "text", "digest")

    def __init__(self, start: int, text: str) -> None:
        self.start = start
        self.text = text
        self.digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def split(text: str) -> list[Block]:
    """The blocks of a file, one a definition (parse.definitions)."""
    lines = text.split("\n")
    return [Block(begin + 1, "\n".join(lines[begin:end])) for begin, end in definitions(lines)]


class Facts(Plain):
    """What the file needs of one block: its own diagnostics and what file_diagnostics reads."""

    __slots__ = ("start", "parsed", "diagnostics", "headers", "references", "links")

    def __init__(
        self,
        start: int,
        parsed: bool,
        diagnostics: tuple[Diagnostic, ...],
        headers: tuple[Header, ...] = (),
        references: tuple[Reference, ...] = (),
        links: tuple[Link, ...] = (),
    ) -> None:
        self.start = start
        self.parsed = parsed  # False: the diagnostics are syntax errors; the headers, the one read off its first line
        self.diagnostics = diagnostics
        self.headers = headers
        self.references = references
        self.links = links

    def at(self, start: int) -> Facts | None:
        """The same facts for the block standing at `start`; None if they cannot be moved."""
        if start == self.start:
            return self
        if self.diagnostics:
            return None
        lines = start - self.start
        return Facts(
            start,
            self.parsed,
            (),
            tuple(
                h.replace(
                    span=moved(h.span, lines),
                    name_span=moved(h.name_span, lines),
                    code_span=moved(h.code_span, lines),
                )
                for h in self.headers
            ),
            tuple(r.replace(span=moved(r.span, lines)) for r in self.references),
            tuple(k.replace(hook=moved(k.hook, lines), effect_line=k.effect_line + lines) for k in self.links),
        )


class Unit:
    """One compiled block: its facts, its checked definitions, and (made when first asked) its cards' code."""

    __slots__ = ("facts", "cards", "examples", "made")

    def __init__(self, facts: Facts, cards: tuple[n.Card, ...] = (), examples: tuple[n.Example, ...] = ()) -> None:
        self.facts = facts
        self.cards = cards
        self.examples = examples
        self.made: dict[Part, tuple[CardCode, ...]] = {}

    def at(self, start: int) -> Unit | None:
        """The same unit for the block standing at `start` (its code made again when asked); None if its facts
        cannot be moved."""
        facts = self.facts.at(start)
        if facts is None:
            return None
        if facts is self.facts:
            return self
        lines = start - self.facts.start
        return Unit(facts, n.shifted(self.cards, lines), n.shifted(self.examples, lines))

    def code(self, lines: list[str], part: Part) -> tuple[CardCode, ...]:
        from compiler.backends.generate import code  # not at import: checking a file never generates code

        if part not in self.made:
            self.made[part] = tuple(code(card, lines, part) for card in self.cards)
        return self.made[part]


def compile_unit(block: Block, filename: str) -> Unit:
    """Parse and check one block as if it stood alone at its line of the file."""
    program, errors = parse(block.text, filename, block.start - 1)
    if program is None:
        return Unit(Facts(block.start, False, tuple(errors), header_read_off(block.text, block.start, filename)))
    checker = Checker()
    checked = checker.program(program)
    facts = Facts(
        block.start,
        True,
        tuple(checker.diagnostics),
        tuple(Header.of(card) for card in checked.cards),
        tuple(checker.references),
        tuple(links_of(checked.cards)),
    )
    return Unit(facts, checked.cards, checked.examples)


def header_read_off(text: str, line: int, filename: str) -> tuple[Header, ...]:
    """The card a definition that does not parse stands for, when its first line reads as a card's header: its
    name and code still count for the file, so a name quoted elsewhere is not reported unknown because of a typo
    in the card, and a name used twice is still reported."""
    found = card_header().match(text)
    if found is None:
        return ()

    def at(part: str) -> Span:
        return Span(filename, line, found.start(part) + 1, line, found.end(part) + 1)

    return (Header(CardKind(found["kind"]), found["name"][1:-1], found["code"], at("kind"), at("name"), at("code")),)


class Memo:
    """In-memory results of this process, the most recently used kept, up to `limit` of each kind."""

    def __init__(self, limit: int = 40_000):
        self.limit = limit
        self.facts: OrderedDict[tuple[str, str], Facts] = OrderedDict()
        self.units: OrderedDict[tuple[str, str], Unit] = OrderedDict()

    @staticmethod
    def remember(store: OrderedDict, key, value, limit: int) -> None:
        store[key] = value
        store.move_to_end(key)
        while len(store) > limit:
            store.popitem(last=False)

    def unit(self, block: Block, filename: str) -> Unit:
        """Compiled before, moved to the block's line if need be, else compiled."""
        key = (filename, block.digest)
        earlier = self.units.get(key)
        found = earlier.at(block.start) if earlier is not None else None
        if found is None:
            found = compile_unit(block, filename)
        if found is not earlier:
            self.remember(self.facts, key, found.facts, self.limit)
        self.remember(self.units, key, found, self.limit)
        return found

    def facts_of(self, block: Block, filename: str, saved: Mapping[str, Facts]) -> Facts:
        """From this process, else from `saved` (the disk), else compiled; moved to the block's line."""
        for earlier in (self.facts.get((filename, block.digest)), saved.get(block.digest)):
            found = earlier.at(block.start) if earlier is not None else None
            if found is not None:
                self.remember(self.facts, (filename, block.digest), found, self.limit)
                return found
        return self.unit(block, filename).facts


MEMO = Memo()


class Judged(Plain):
    """A whole file's diagnostics and number of cards, from its blocks' facts."""

    __slots__ = ("diagnostics", "cards", "warnings")

    def __init__(self, diagnostics: tuple[Diagnostic, ...], cards: int, warnings: tuple[Diagnostic, ...] = ()) -> None:
        self.diagnostics = diagnostics  # the errors
        self.cards = cards
        self.warnings = warnings


def judge(facts: list[Facts]) -> Judged:
    """Every block's diagnostics, its syntax errors or those of its checking, and the file-wide ones: a syntax
    error in one card hides nothing of the others. A block that does not parse counts with its header alone, if
    its first line reads as one (header_read_off)."""
    file_wide = file_diagnostics(
        [h for f in facts for h in f.headers],
        [r for f in facts for r in f.references],
        [k for f in facts for k in f.links],
    )
    own = [d for f in facts for d in f.diagnostics]
    errors, warnings = by_severity([*own, *file_wide])
    return Judged(errors, sum(len(f.headers) for f in facts if f.parsed), warnings)


def check_facts(text: str, filename: str, saved: Mapping[str, Facts]) -> tuple[Judged, dict[str, Facts]]:
    """Judge a file from facts (this process's, the disk's in `saved`, or compiled), and the facts by block."""
    blocks = split(text)
    facts = [MEMO.facts_of(block, filename, saved) for block in blocks]
    return judge(facts), {block.digest: found for block, found in zip(blocks, facts, strict=True)}


def compile_units(text: str, filename: str) -> tuple[list[Unit], Judged]:
    units = [MEMO.unit(block, filename) for block in split(text)]
    return units, judge([unit.facts for unit in units])


def program_of(units: list[Unit], filename: str) -> n.Program:
    cards = tuple(card for unit in units for card in unit.cards)
    examples = tuple(example for unit in units for example in unit.examples)
    spans = [definition.span for unit in units for definition in (*unit.cards, *unit.examples)]
    last = max(spans, key=lambda s: (s.end_line, s.end_column), default=Span(filename, 1, 1, 1, 1))
    return n.Program(Span(filename, 1, 1, last.end_line, last.end_column), cards, examples)


class Compiled(Plain):
    """A file compiled: its checked program (None when a definition does not parse), its cards' module and its worked
    examples' module (None when the file has errors), its errors (`diagnostics`) and its warnings."""

    __slots__ = ("program", "module", "examples", "diagnostics", "warnings")

    def __init__(
        self,
        program: n.Program | None,
        module: ast.Module | None,
        examples: ast.Module | None,
        diagnostics: tuple[Diagnostic, ...],
        warnings: tuple[Diagnostic, ...] = (),
    ) -> None:
        self.program = program
        self.module = module
        self.examples = examples
        self.diagnostics = diagnostics
        self.warnings = warnings


def compiled(text: str, filename: str, cards: Part | None = Part.CARDS, examples: bool = True) -> Compiled:
    """The file from its units (compiler.compile_text); the load stage asks for one module only (simulation never
    generates the worked examples), `cards` saying which cards' module (Part.TRACED_CARDS for `nus trace`)."""
    with collector_paused():
        units, judged = compile_units(text, filename)
        if not all(unit.facts.parsed for unit in units):
            return Compiled(None, None, None, judged.diagnostics, judged.warnings)
        program = program_of(units, filename)
        if judged.diagnostics:
            return Compiled(program, None, None, judged.diagnostics, judged.warnings)
        from compiler.backends.generate import module

        lines = source_lines(text)

        def made(part: Part) -> ast.Module:
            return module(program, [block for unit in units for block in unit.code(lines, part)], lines, part)

        made_examples = made(Part.EXAMPLES) if examples else None
        return Compiled(program, made(cards) if cards else None, made_examples, (), judged.warnings)
