"""The test oracle of the compile path: the whole file at once, each stage over every card, with nothing
remembered. What compiler.compile_text (card by card, reusing what it compiled before) must equal."""

from __future__ import annotations

from compiler.backends.generate import generate
from compiler.checking.check import Checker, check
from compiler.checking.whole_file import Header, file_diagnostics, links_of
from compiler.diagnostics import Diagnostics, source_lines
from compiler.syntax.parse import parse_recovering
from compiler.units import Compiled, header_read_off


def run_stages(text: str, filename: str) -> Compiled:
    recovered = parse_recovering(text, filename)
    if recovered.program is None:
        return Compiled(None, None, None, recovered.errors)
    if recovered.errors:  # the definitions that parse are checked all the same, each broken one counts its header
        lines = source_lines(text)
        checker = Checker()
        checked = checker.program(recovered.program)
        broken = [header for line in recovered.left_out for header in header_read_off(lines[line - 1], line, filename)]
        headers = sorted([*map(Header.of, checked.cards), *broken], key=lambda header: header.span.line)
        file_wide = file_diagnostics(headers, checker.references, links_of(checked.cards))
        found = [*recovered.errors, *checker.diagnostics, *file_wide]
        return Compiled(None, None, None, tuple(Diagnostics(found)))
    program, diagnostics = check(recovered.program)
    if diagnostics:
        return Compiled(program, None, None, diagnostics)
    return Compiled(program, *generate(program, text), ())
