"""Property tests: no input makes the compiler raise, and every diagnostic points inside the text.

Three sources of input: (a) arbitrary text, (b) mutations of the real cards.nus, and (c) programs
generated from the grammar itself with hypothesis.extra.lark.from_lark.

For (c), from_lark cannot run Lark's Indenter, so the generator works on the grammar with
placeholders: _NL becomes a newline (sometimes after a comment), _INDENT and _DEDENT become the
marker characters \\x01 and \\x02, and `layout` then turns the markers into the indentation they
stand for (two spaces per open block, written before the first character of each line). Every
keyword and word is padded with spaces, because from_lark concatenates terminals with no separator.
WORD draws mostly from the vocabulary so that many programs get past the parser into the checker.
The generating copy of the grammar drops its %ignore (nothing needs it once tokens are padded).

from_lark keeps only shallow programs (see the note above `walked_programs`), so most grammar
examples come from a walker over the same compiled rules with a depth and size budget; from_lark
itself runs a smaller share.

Example counts scale with NUS_FUZZ_EXAMPLES (default 2,400 over the file); a long run is
`NUS_FUZZ_EXAMPLES=100000 python -m pytest tests/compiler/test_fuzz.py`.
"""

from __future__ import annotations

import os
import re
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from lark.lexer import PatternStr

from compiler import compile_text
from compiler.checking import vocabulary as vocab
from compiler.diagnostics import editor_column
from compiler.units import Compiled
from tests.kit.mutations import REAL, mutated_cards

pytestmark = pytest.mark.slow

TOTAL = int(os.environ.get("NUS_FUZZ_EXAMPLES", "2400"))


def fuzz(share: float) -> settings:
    """This test's share of the file's TOTAL examples."""
    return settings(max_examples=max(1, int(TOTAL * share)), deadline=None, suppress_health_check=list(HealthCheck))


def assert_well_formed(text: str) -> Compiled:
    """compile_text returned (did not raise) and each diagnostic's span lies within the text."""
    compiled = compile_text(text, "cards.nus")
    assert isinstance(compiled, Compiled)
    assert (compiled.module is None) == bool(compiled.diagnostics)
    lines = (text if text.endswith("\n") else text + "\n").split("\n")
    for diagnostic in compiled.diagnostics:
        span = diagnostic.span
        assert span.filename == "cards.nus"
        assert 1 <= span.line <= len(lines), diagnostic
        assert 1 <= span.column <= len(lines[span.line - 1]) + 1, diagnostic
        assert (span.end_line, span.end_column) >= (span.line, span.column), diagnostic
        assert diagnostic.code.startswith("E0") and diagnostic.message, diagnostic
        rendered = diagnostic.render(text)
        column = editor_column(lines[span.line - 1], span.column)  # an editor's column: UTF-16 code units
        assert rendered.startswith(f"cards.nus:{span.line}:{column}: error[{diagnostic.code}]: ")
    assert list(compiled.diagnostics) == sorted(set(compiled.diagnostics), key=lambda d: d.sort_key)
    return compiled


# (a) arbitrary text ---------------------------------------------------------------------------

CARD_CHARACTERS = st.sampled_from(list("abcdefghijklmnopqrstuvwxyz ABE0123456789\n\n\n  \",:()[]-+*/=<>#\t\r'_é"))


@fuzz(0.3)
@given(st.text())
def test_random_text_never_raises(text: str) -> None:
    """Any Unicode at all, including NUL, lone surrogates' neighbours and odd line breaks."""
    assert_well_formed(text)


@fuzz(0.3)
@given(st.text(CARD_CHARACTERS, max_size=200).map(lambda body: 'building "X" (trout A001)\n' + body))
def test_random_card_bodies_never_raise(text: str) -> None:
    """Text made of the language's own characters after a valid header reaches deeper stages."""
    assert_well_formed(text)


# (b) mutations of the real cards.nus ----------------------------------------------------------


@fuzz(0.2)
@given(mutated_cards())
def test_mutated_cards_never_raise(text: str) -> None:
    """Near-valid files are the common case in an editor; each one must give diagnostics, not a crash."""
    assert_well_formed(text)


def test_real_cards_are_clean() -> None:
    """The mutations start from a clean file, so every diagnostic above comes from a mutation."""
    assert assert_well_formed(REAL).diagnostics == ()


# (c) programs generated from the grammar ------------------------------------------------------


def generating_grammar() -> Lark:
    """The card grammar without its %ignore: every generated terminal is padded already, and
    from_lark would otherwise draw an optional ignored token after every symbol, doubling the work."""
    text = resources.files("grammar").joinpath("nus.lark").read_text(encoding="utf-8")
    simplified = text.replace("%ignore /[\\t ]+/", "")
    assert simplified != text
    return Lark(simplified, parser="lalr")


GENERATING = generating_grammar()
KEYWORDS = frozenset(t.pattern.value for t in GENERATING.terminals if isinstance(t.pattern, PatternStr))


def is_word(text: str) -> bool:
    """A WORD the lexer will not take for a keyword (the grammar reserves 'or', 'if', 'by', ...)."""
    return re.fullmatch(r"[^\W\d_][\w'-]*", text) is not None and text not in KEYWORDS


VOCABULARY_WORDS = sorted(
    word
    for word in {w for table in vocab.TABLES.values() for entry in table for w in entry.pattern.split()}
    | set(vocab.GOODS)
    | set(vocab.SHIP_TYPES)
    | set(vocab.PLURALS)
    | {"removed", "x"}
    if is_word(word)
)
INDENT, DEDENT = "\x01", "\x02"


def padded(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return strategy.map(lambda token: f" {token} " if is_word(token) or not token[:1].isalpha() else " x ")


def explicit_terminals(start: str) -> dict[str, st.SearchStrategy[str]]:
    """A strategy for each terminal: keywords padded with spaces, words mostly from the vocabulary."""
    terminals, _, _ = GENERATING.grammar.compile([start], ())
    explicit: dict[str, st.SearchStrategy[str]] = {}
    for terminal in terminals:
        if isinstance(terminal.pattern, PatternStr):
            explicit[terminal.name] = st.just(f" {terminal.pattern.value} ")
    explicit.update(
        {
            "KIND": padded(st.sampled_from(["building", "elder"])),
            "TIMING": padded(st.sampled_from(["before", "after"])),
            "WORD": padded(st.sampled_from(VOCABULARY_WORDS) | st.from_regex(r"[a-zA-Z][a-z'-]{0,5}", fullmatch=True)),
            "NUMBER": padded(st.integers(0, 1200).map(str)),
            "STRING": padded(st.sampled_from(['"X"', '"Contractor"', '"a # b"', '"\\\\"', '""'])),
            "_NL": st.sampled_from(["\n", "  # comment\n", "\n\n"]),
            "_INDENT": st.just(INDENT),
            "_DEDENT": st.just(DEDENT),
        }
    )
    names = {terminal.name for terminal in terminals} | {"_INDENT", "_DEDENT"}
    return {name: strategy for name, strategy in explicit.items() if name in names}


def layout(generated: str) -> str:
    """Replace the block markers by indentation: each line starts at two spaces per open block."""
    out: list[str] = []
    depth, line_start = 0, True
    for char in generated:
        if char == INDENT:
            depth += 1
        elif char == DEDENT:
            depth -= 1
        elif char == "\n":
            out.append(char)
            line_start = True
        elif line_start and char == " ":
            continue
        else:
            if line_start:
                out.append("  " * depth)
                line_start = False
            out.append(char)
    return "".join(out)


def test_layout_turns_markers_into_indentation() -> None:
    """The helper the grammar strategy depends on: markers become two spaces per level."""
    generated = f' building  "X" \n{INDENT} vp  1 \n when  built  : \n{INDENT} take  1  wood \n{DEDENT}{DEDENT}'
    assert layout(generated) == 'building  "X" \n  vp  1 \n  when  built  : \n    take  1  wood \n'


TERMINALS = explicit_terminals("start")
FROM_LARK_PROGRAMS = from_lark(GENERATING, explicit=TERMINALS).map(layout)


@fuzz(0.0125)
@given(FROM_LARK_PROGRAMS)
def test_from_lark_programs_never_raise(text: str) -> None:
    """from_lark's own programs: grammatical, but shallow, since hypothesis caps strategy nesting."""
    assert_well_formed(text)
    assert not [d for d in compile_text(text, "cards.nus").diagnostics if d.code in SYNTAX_CODES]


# from_lark nests one hypothesis strategy per grammar rule, and hypothesis gives up on examples
# nested more than 100 strategies deep; one parenthesised condition is ten rules deep, so about
# four generated programs in five were discarded and each kept one cost ~200 ms. The walker below
# expands the same compiled rules with flat draws and, once its depth budget is spent, takes each
# rule's shallowest expansion, so every draw yields a program.

SYNTAX_CODES = {"E0001", "E0002", "E0003", "E0006", "E0007", "E0010"}
RULES: dict[str, list[tuple]] = {}
for _rule in GENERATING.grammar.compile(["start"], ())[1]:
    RULES.setdefault(_rule.origin.name, []).append(tuple(_rule.expansion))


def shallowest() -> dict[str, int]:
    """Each rule's least derivation height, by fixpoint; terminals have height 0."""
    height: dict[str, float] = dict.fromkeys(RULES, float("inf"))

    def of(symbol) -> float:
        return height[symbol.name] if symbol.name in RULES else 0

    changed = True
    while changed:
        changed = False
        for name, expansions in RULES.items():
            best = 1 + min(max((of(s) for s in expansion), default=0) for expansion in expansions)
            if best < height[name]:
                height[name], changed = best, True
    return {name: int(value) for name, value in height.items()}


HEIGHT = shallowest()
SHALLOWEST = {
    name: min(expansions, key=lambda e: max((HEIGHT.get(s.name, 0) for s in e), default=0))
    for name, expansions in RULES.items()
}
FIXED = {t.name: f" {t.pattern.value} " for t in GENERATING.terminals if isinstance(t.pattern, PatternStr)}
FIXED.update({"_INDENT": INDENT, "_DEDENT": DEDENT})


@st.composite
def walked_programs(draw: st.DrawFn, depth: int = 40, fuel: int = 60) -> str:
    """Expand `start` with free choices while depth and fuel (rule expansions) last, then shallowest."""
    out: list[str] = []
    spent = [0]

    def expand(name: str, left: int) -> None:
        if name in FIXED:
            out.append(FIXED[name])
            return
        if name not in RULES:
            out.append(draw(TERMINALS[name]))
            return
        expansions = RULES[name]
        spent[0] += 1
        if left <= 0 or spent[0] > fuel:
            expansions = [SHALLOWEST[name]]
        choice = draw(st.integers(0, len(expansions) - 1)) if len(expansions) > 1 else 0
        for symbol in expansions[choice]:
            expand(symbol.name, left - 1)

    expand("start", depth)
    return layout("".join(out))


@fuzz(0.15)
@given(walked_programs())
def test_grammar_programs_never_raise(text: str) -> None:
    """Grammatical programs of any depth exercise the checker and generator on shapes no one wrote."""
    assert_well_formed(text)


@fuzz(0.04)
@given(walked_programs())
def test_grammar_programs_parse(text: str) -> None:
    """The walker really produces grammatical text: no syntax or layout diagnostic."""
    compiled = assert_well_formed(text)
    assert [d for d in compiled.diagnostics if d.code in SYNTAX_CODES] == []


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n",
        "\x00",
        "\ufeffbuilding",
        '"',
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  when built:\n'
        "    if elders > 1:\n      take 1 wood\n  else",
        "\r",
        "\u2028building",
        'building "X" (trout A001)\n  cost 1 wood\n  vp ' + "- " * 500 + "1\n",
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1' + " + 1" * 500 + "\n",
        'building "X" (trout A001)\n  cost 1 wood\n  vp ' + "(" * 500 + "1" + ")" * 500 + "\n",
    ],
)
def test_edge_inputs_never_raise(text: str) -> None:
    """Inputs that once were or might be crashes: empty files, BOM, NUL, huge nesting."""
    assert_well_formed(text)
