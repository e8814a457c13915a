"""Every diagnostic the compiler emits: its code, message, exact span and help, and how it renders.

A designer sees only the rendered diagnostic, so each test pins the whole of it: a wrong column
or a vague help text is a bug here just as a wrong code is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from compiler import compile_text
from compiler.cli.common import InvalidText, read_source
from compiler.diagnostics import Diagnostic, Span, render_all

HEADER = 'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n'


def building(*lines: str) -> str:
    """A valid building (lines 1-3) followed by the given lines, from line 4 on."""
    return HEADER + "".join(line + "\n" for line in lines)


def diagnostics(text: str) -> list[Diagnostic]:
    compiled = compile_text(text, "cards.nus")
    assert (compiled.module is None) == bool(compiled.diagnostics)
    return list(compiled.diagnostics)


@dataclass(frozen=True)
class Case:
    text: str
    code: str
    message: str
    line: int
    column: int
    end_column: int
    help: str


CASES: dict[str, Case] = {
    # Syntax and layout
    "E0001 unexpected character": Case(
        building("  when built:", "    take 2 wood $"),
        "E0001",
        "unexpected character '$'",
        5,
        17,
        18,
        "words, numbers, quoted names, ( ) [ ] , : + - * / = < > are allowed",
    ),
    "E0001 '%' points to the word form": Case(
        building("  when built, if round % 2 = 0:", "    take 2 wood"),
        "E0001",
        "unexpected character '%'",
        4,
        24,
        25,
        "a remainder has no sign: write 'COUNT is even' or 'COUNT is odd' (no other remainder can be said yet)",
    ),
    "E0011 a building with no lines before the next card": Case(
        'building "Nothing" (trout A693)\n\n' + HEADER,
        "E0011",
        "the building 'Nothing' has no lines",
        1,
        1,
        32,
        "add its lines under it, indented: e.g. '  cost 1 wood' and '  vp 1'",
    ),
    "E0011 an elder with no lines at the end of the file": Case(
        HEADER + '\nelder "Idle" (base E01)  # no use yet\n',
        "E0011",
        "the elder 'Idle' has no lines",
        5,
        1,
        24,
        "add its lines under it, indented: e.g. '  use: take 1 fish'",
    ),
    "E0011 an example with no steps": Case(
        'example "nothing yet":\n' + HEADER,
        "E0011",
        "the example 'nothing yet' has no steps",
        1,
        1,
        23,
        "add its steps under it, indented: e.g. '  do take 1 wood'",
    ),
    "E0009 end of file inside parentheses": Case(
        'building "X" (trout A001', "E0009", "'(' is never closed", 1, 14, 15, "close it with ')'"
    ),
    "E0009 the next statement runs into an open parenthesis": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp (elders + 1\n  when built:\n    take 1 wood\n',
        "E0009",
        "'(' is never closed",
        3,
        6,
        7,
        "close it with ')'",
    ),
    "E0002 the file ends after a header written over two lines": Case(
        'building "X" (trout\n  A001)', "E0002", "unexpected end of file", 2, 8, 9, "expected indented block"
    ),
    "E0003 operator without operand": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1 +\n',
        "E0003",
        "unexpected end of line",
        3,
        9,
        10,
        "expected '(', '-', 'by', number, word",
    ),
    "E0003 unexpected token": Case(
        building("  when built, if elders >= 2 = 3:", "    take 1 wood"),
        "E0003",
        "unexpected '='",
        4,
        30,
        31,
        "expected ':', 'and', 'or'",
    ),
    "E0005 blocks nest too deep": Case(
        building("  when built:", *(" " * (4 + 2 * i) + "you may:" for i in range(11)), " " * 26 + "take 1 wood"),
        "E0005",
        "blocks nest more than 11 deep",
        15,
        1,
        25,
        "split the ability into simpler steps",
    ),
    "E0005 expression nests too deep": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp ' + "1 + (" * 150 + "1" + ")" * 150 + "\n",
        "E0005",
        "an expression nests too deeply to compile",
        3,
        6,
        6 + len("1 + (" * 150 + "1" + ")" * 150),
        "split it; expressions nest up to 100 deep",
    ),
    "E0012 a flat sum too long": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp elders' + " + 1" * 150 + "\n",
        "E0012",
        "this expression is too long: 151 terms",
        3,
        6,
        6 + len("elders" + " + 1" * 150),
        "an expression holds at most 100 terms",
    ),
    "E0012 a product too long inside brackets, beside a short one": Case(
        building("  when built:", "    take (1 + 1) wood, take (forests" + " * 2" * 120 + ") fish"),
        "E0012",
        "this expression is too long: 121 terms",
        5,
        30,
        30 + len("forests" + " * 2" * 120),
        "an expression holds at most 100 terms",
    ),
    "E0006 tab": Case(
        'building "X" (trout A001)\n\tcost 1 wood\n', "E0006", "tab in indentation", 2, 1, 2, "indent with spaces"
    ),
    "E0006 dedent to no block": Case(
        'building "X" (trout A001)\n    cost 1 wood\n  vp 1\n',
        "E0006",
        "this line's indentation matches no enclosing block",
        3,
        1,
        3,
        "indent it by 0 or 4 spaces",
    ),
    "E0006 a line indented where no block starts": Case(
        'building "X" (trout A001)\n  cost 1 wood\n   vp 1\n',
        "E0006",
        "this line is indented more than the line before it",
        3,
        4,
        5,
        "indent it by 2 spaces, as the line before; only a line ending in ':' starts an indented block",
    ),
    "E0006 a body line indented deeper than the one before": Case(
        building("  when built:", "    take 1 wood", "", "    # a comment", "      take 2 wood"),
        "E0006",
        "this line is indented more than the line before it",
        8,
        7,
        8,
        "indent it by 4 spaces, as the line before; only a line ending in ':' starts an indented block",
    ),
    "E0007 unterminated name": Case(
        'building "X (trout A001)\n  cost 1 wood\n',
        "E0007",
        "unterminated quoted name",
        1,
        10,
        11,
        'close the name with " on the same line',
    ),
    "E0010 a keyword glued to the next word": Case(
        building("  each time afteryou serve fish:", "    take 1 wood"),
        "E0010",
        "unknown word 'afteryou'",
        4,
        13,
        21,
        "did you mean 'after you'?",
    ),
    "E0010 'before' glued to 'any'": Case(
        building("  each time beforeany player takes an elder:", "    take 1 wood"),
        "E0010",
        "unknown word 'beforeany'",
        4,
        13,
        22,
        "did you mean 'before any'?",
    ),
    "E0010 'if' glued to a count": Case(
        building("  when built, ifforests >= 2:", "    take 1 wood"),
        "E0010",
        "unknown word 'ifforests'",
        4,
        15,
        24,
        "did you mean 'if forests'?",
    ),
    "E0010 'unless' glued to a count": Case(
        building("  at end of round, unlesselders >= 2:", "    take 1 wood"),
        "E0010",
        "unknown word 'unlesselders'",
        4,
        20,
        32,
        "did you mean 'unless elders'?",
    ),
    "E0010 a keyword misspelt at its end": Case(
        building("  each time afterr you serve fish:", "    take 1 wood"),
        "E0010",
        "unknown word 'afterr'",
        4,
        13,
        19,
        "did you mean 'after'?",
    ),
    "E0010 a keyword with a word after it that does not read on": Case(
        building("  each time beforehand you serve fish:", "    take 1 wood"),
        "E0010",
        "unknown word 'beforehand'",
        4,
        13,
        23,
        "did you mean 'before'?",
    ),
    "E0010 a card kind with letters after it": Case(
        'elderly "C" (base E01)\n  use: take 1 wood\n',
        "E0010",
        "unknown word 'elderly'",
        1,
        1,
        8,
        "did you mean 'elder'?",
    ),
    "E0010 a card line's keyword glued to its number": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp1\n',
        "E0010",
        "unknown word 'vp1'",
        3,
        3,
        6,
        "did you mean 'vp 1'?",
    ),
    "E0010 a word where only keywords may stand": Case(
        building("  each time after someone serves fish:", "    take 1 wood"),
        "E0010",
        "unknown word 'someone'",
        4,
        19,
        26,
        "expected 'another', 'any', 'you'",
    ),
    # Unknown names and headers
    "E0101 unknown effect, one word off": Case(
        building("  when built:", "    tak 2 wood"),
        "E0101",
        "unknown effect 'tak 2 wood'",
        5,
        5,
        8,
        "did you mean 'take' (as in 'take N GOOD')?",
    ),
    "E0101 unknown effect, the verb misspelt is the one suggested": Case(
        building("  when built:", "    retrun 1 wood"),
        "E0101",
        "unknown effect 'retrun 1 wood'",
        5,
        5,
        11,
        "did you mean 'return' (as in 'return N GOOD')?",
    ),
    "E0101 unknown effect, 'pya' is 'pay'": Case(
        building("  when built:", "    pya 1 wood"),
        "E0101",
        "unknown effect 'pya 1 wood'",
        5,
        5,
        8,
        "did you mean 'pay' (as in 'pay N GOOD')?",
    ),
    "E0101 unknown effect, a word left out": Case(
        building("  when built:", "    take wood"),
        "E0101",
        "unknown effect 'take wood'",
        5,
        5,
        14,
        "did you mean 'take N wood'?",
    ),
    "E0101 unknown moment": Case(
        building("  at start of fishng phase:", "    take 1 wood"),
        "E0101",
        "unknown moment 'start of fishng phase'",
        4,
        15,
        21,
        "did you mean 'fishing' (as in 'start of fishing phase')?",
    ),
    "E0101 unknown effect, nothing close": Case(
        building("  when built:", "    zzz qqq"),
        "E0101",
        "unknown effect 'zzz qqq'",
        5,
        5,
        12,
        "'nus vocab effect' lists every effect",
    ),
    "E0101 unknown rule parameter": Case(
        building("  rule wood limt = 3"),
        "E0101",
        "unknown rule parameter 'wood limt'",
        4,
        13,
        17,
        "did you mean 'limit' (as in 'wood limit')?",
    ),
    "E0102 unknown good": Case(
        building("  when built:", "    take 2 wod"), "E0102", "unknown good 'wod'", 5, 12, 15, "did you mean 'wood'?"
    ),
    "E0103 good used as a count": Case(
        building("  when built:", "    take (wood) fish"),
        "E0103",
        "'wood' is a good, not a count",
        5,
        11,
        15,
        "count it somewhere, e.g. 'wood in supply'",
    ),
    "E0103 unknown count": Case(
        building("  when built:", "    take (blargh) fish"),
        "E0103",
        "unknown count 'blargh'",
        5,
        11,
        17,
        "'nus vocab count' lists every count",
    ),
    "E0103 another rule read as a count": Case(
        building("  rule haul size = wood limit + 1"),
        "E0103",
        "'wood limit' is a rule, not a count",
        4,
        20,
        30,
        "a rule's value can be read only inside its own 'rule wood limit = ...' (the value before that card)",
    ),
    "E0110 unknown deck": Case(
        'building "X" (trot A001)\n  cost 1 wood\n  vp 1\n',
        "E0110",
        "unknown deck 'trot'",
        1,
        15,
        19,
        "did you mean 'trout'?",
    ),
    "E0111 bad building code": Case(
        'building "X" (trout X001)\n  cost 1 wood\n  vp 1\n',
        "E0111",
        "'X001' is not a building code",
        1,
        21,
        25,
        "building codes look like A613",
    ),
    "E0111 bad elder code": Case(
        'elder "X" (base A001)\n  use: take 1 wood\n',
        "E0111",
        "'A001' is not an elder code",
        1,
        17,
        21,
        "elder codes look like E01",
    ),
    "E0112 duplicate name": Case(
        HEADER + '\nbuilding "X" (trout A002)\n  cost 1 wood\n  vp 1\n',
        "E0112",
        "duplicate card name 'X'",
        5,
        10,
        13,
        "first used on line 1",
    ),
    "E0112 a name that differs only in case": Case(
        HEADER + '\nbuilding "x" (trout A002)\n  cost 1 wood\n  vp 1\n',
        "E0112",
        "duplicate card name 'x'",
        5,
        10,
        13,
        "first used on line 1 as 'X' (the same name in another case or Unicode form)",
    ),
    "E0112 a name that differs only in Unicode form": Case(
        'building "Caf\u00e9" (trout A001)\n  cost 1 wood\n  vp 1\n\n'
        'building "Cafe\u0301" (trout A002)\n  cost 1 wood\n  vp 1\n',
        "E0112",
        "duplicate card name 'Cafe\u0301'",
        5,
        10,
        17,
        "first used on line 1 as 'Caf\u00e9' (the same name in another case or Unicode form)",
    ),
    "E0115 a space at the end of a name": Case(
        'building "Beta " (trout A001)\n  cost 1 wood\n  vp 1\n',
        "E0115",
        "the card name 'Beta ' has a space at its end",
        1,
        10,
        17,
        'write "Beta"',
    ),
    "E0115 blanks at both ends of a name": Case(
        'building " Beta\u00a0" (trout A001)\n  cost 1 wood\n  vp 1\n',
        "E0115",
        "the card name ' Beta\u00a0' has a space at its start and end",
        1,
        10,
        18,
        'write "Beta"',
    ),
    "E0115 an empty name": Case(
        'building "" (trout A001)\n  cost 1 wood\n  vp 1\n',
        "E0115",
        "the card has no name",
        1,
        10,
        12,
        "write its name between the quotes",
    ),
    "E0113 duplicate code": Case(
        HEADER + '\nbuilding "Y" (trout A001)\n  cost 1 wood\n  vp 1\n',
        "E0113",
        "duplicate card code 'A001'",
        5,
        21,
        25,
        "first used on line 1",
    ),
    "E0114 unknown building in a cost": Case(
        'building "X" (trout A001)\n  cost 1 wood or discard "Y"\n  vp 1\n',
        "E0114",
        "no building named 'Y' in this file",
        2,
        26,
        29,
        "name a Building this file defines",
    ),
    "E0114 misspelt elder in a trigger": Case(
        building('  as soon as elder "Fishermen" has left the supply board:', "    take 1 wood")
        + '\nelder "Fisherman" (base E01)\n  use: take 1 fish\n',
        "E0114",
        "no elder named 'Fishermen' in this file",
        4,
        20,
        31,
        "did you mean 'Fisherman'?",
    ),
    "E0114 a Building's name where an Elder is wanted": Case(
        building("  when built:", '    if elder "X" has left the supply board: take 1 wood'),
        "E0114",
        "no elder named 'X' in this file",
        5,
        14,
        17,
        "'X' is a Building, not an Elder",
    ),
    "E0114 an Elder's name where a Building is wanted": Case(
        'building "X" (trout A001)\n  cost discard "E"\n  vp 1\n\nelder "E" (base E01)\n  use: take 1 fish\n',
        "E0114",
        "no building named 'E' in this file",
        2,
        16,
        19,
        "'E' is an Elder, not a Building",
    ),
    # Types and limits
    "E0201 count used as a condition": Case(
        building("  when built:", "    if elders: take 1 wood"),
        "E0201",
        "the condition must be a yes/no condition, not a number",
        5,
        8,
        14,
        "compare it, e.g. 'elders >= 2'",
    ),
    "E0201 condition compared with a number": Case(
        building("  when built, if during an action = 1:", "    take 1 wood"),
        "E0201",
        "the compared value must be a number, not a yes/no condition",
        4,
        18,
        34,
        "use a count, not a condition",
    ),
    "E0201 requirement is a number": Case(
        building("  requires elders"),
        "E0201",
        "the requirement must be a yes/no condition, not a number",
        4,
        12,
        18,
        "compare it, e.g. 'elders >= 2'",
    ),
    "E0204 number too large": Case(
        building("  when built:", "    take 1001 wood"),
        "E0204",
        "1001 is too large",
        5,
        10,
        14,
        "numbers go up to 1000",
    ),
    "E0204 numbers alone working out past the limit": Case(
        building("  when built:", "    take (1000 * 1000 * 1000) fish"),
        "E0204",
        "this works out to a number of 10 digits, more than 1000",
        5,
        11,
        29,
        "numbers, and what numbers alone work out to, go from -1000 to 1000",
    ),
    "E0204 a VP worked out past the limit, as a whole": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp 10 * 100 * 2\n',
        "E0204",
        "this works out to 2000, more than 1000",
        3,
        6,
        18,
        "numbers, and what numbers alone work out to, go from -1000 to 1000",
    ),
    "E0204 numbers alone working out below the limit beside a count": Case(
        building("  when built:", "    take (elders + (0 - 1000 - 1)) fish"),
        "E0204",
        "this works out to -1001, less than -1000",
        5,
        21,
        33,
        "numbers, and what numbers alone work out to, go from -1000 to 1000",
    ),
    # Abilities and structure
    "E0301 elder with a worker space": Case(
        'elder "E" (base E01)\n  use: take 1 fish\n  worker space:\n    take 1 wood\n',
        "E0301",
        "elder 'E' cannot have a 'worker space' ability",
        3,
        3,
        15,
        "an elder may have: 'use'",
    ),
    "E0301 building with use": Case(
        building("  use: take 1 fish"),
        "E0301",
        "building 'X' cannot have a 'use' ability",
        4,
        3,
        6,
        "a building may have: 'as soon as', 'at any time', 'at', 'each time', 'when built', 'worker space'",
    ),
    "E0311 building without cost": Case(
        'building "X" (trout A001)\n  vp 1\n',
        "E0311",
        "building 'X' has no 'cost' line",
        1,
        10,
        13,
        "add e.g. 'cost 1 wood, 2 fish  (or: cost none)'",
    ),
    "E0311 building without vp": Case(
        'building "X" (trout A001)\n  cost 1 wood\n',
        "E0311",
        "building 'X' has no 'vp' line",
        1,
        10,
        13,
        "add e.g. 'vp 2'",
    ),
    "E0302 two cost lines": Case(
        building("  cost 2 wood  # again"),
        "E0302",
        "'X' has more than one 'cost' line",
        4,
        3,
        14,
        "merge them into one",
    ),
    "E0302 two players lines": Case(
        building("  players 5", "  players 2-3"),
        "E0302",
        "'X' has more than one 'players' line",
        5,
        3,
        14,
        "merge them into one",
    ),
    "E0304 wrong timing": Case(
        building("  each time before you remove a forest:", "    take 1 wood"),
        "E0304",
        "'remove a forest' has no 'before' moment",
        4,
        24,
        39,
        "'remove a forest' only has: after",
    ),
    "E0304 phase moment as an event": Case(
        building("  each time after you end of round:", "    take 1 wood"),
        "E0304",
        "'end of round' has no 'after' moment",
        4,
        23,
        35,
        "write 'at end of round:'",
    ),
    "E0304 event as a phase moment": Case(
        building("  at serve fish:", "    take 1 wood"),
        "E0304",
        "'serve fish' has no 'at' moment",
        4,
        6,
        16,
        "write 'each time before you serve fish:'",
    ),
    "E0305 overlapping rows": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp by elders [1-3: 2, 3: 4]\n',
        "E0305",
        "this row overlaps an earlier row",
        3,
        25,
        29,
        "it overlaps '1-3' on line 3",
    ),
    "E0305 two else rows": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp by elders [else: 1, else: 2]\n',
        "E0305",
        "this row overlaps an earlier row",
        3,
        26,
        33,
        "it overlaps 'else' on line 3",
    ),
    "E0305 empty range": Case(
        'building "X" (trout A001)\n  cost 1 wood\n  vp by elders [5-4: 1]\n',
        "E0305",
        "empty range 5-4",
        3,
        17,
        23,
        "write the smaller number first",
    ),
    "E0306 event field outside its event": Case(
        building("  each time after you build a ship, if fish served > 1:", "    take 1 wood"),
        "E0306",
        "'fish served' is only known while handling 'serve fish'",
        4,
        40,
        51,
        "use it in 'each time ... serve fish'",
    ),
    "E0307 truth rule given a value": Case(
        building("  rule supply guests score double = 2"),
        "E0307",
        "rule 'supply guests score double' is a switch: its value is 'on' or 'off'",
        4,
        37,
        38,
        "write 'rule supply guests score double' to turn it on or 'rule supply guests score double = off' to turn it "
        "off",
    ),
    "E0307 number rule switched off": Case(
        building("  rule wood limit = off"),
        "E0307",
        "rule 'wood limit' is a number, not a switch to turn on or off",
        4,
        21,
        24,
        "give it a number, e.g. 'rule wood limit = wood limit + 1'",
    ),
    "E0307 number rule without a value": Case(
        building("  rule wood limit"),
        "E0307",
        "rule 'wood limit' needs a value",
        4,
        3,
        18,
        "write 'rule wood limit = ...'",
    ),
    "E0308 a count an example cannot set": Case(
        building('  example "e":', "    given haul size = 5"),
        "E0308",
        "'haul size' cannot be set in an example",
        5,
        11,
        20,
        "set one of: GOOD in supply, GOOD in reserve, GOOD on this building, elders, forests, SHIP, "
        'guests on ships, fish on plates, round, worker turn, SHIP on supply board, fish on elder "ELDER", '
        "issued shares of player N in supply, own shares on share board ('nus vocab given' explains each)",
    ),
    "E0309 an example-only effect in an ability": Case(
        building("  when built:", "    build this building"),
        "E0309",
        "'build this building' only works in an example",
        5,
        5,
        24,
        "use it in 'do' of an example",
    ),
    "E0309 an example-only count in a card's condition": Case(
        building("  when built, if score > 1:", "    take 1 wood"),
        "E0309",
        "'score' only works in an example",
        4,
        18,
        23,
        "read it in 'expect'",
    ),
    "E0312 an answer before the step that asks it": Case(
        building('  example "e":', "    answer yes"),
        "E0312",
        "an answer must follow the step that asks the question",
        5,
        5,
        15,
        "move this 'answer' line right after the 'do' or 'given' step that asks it",
    ),
    "E0313 a player outside the table": Case(
        building('  example "e":', "    player 6: do take 1 wood"),
        "E0313",
        "there is no player 6",
        5,
        5,
        29,
        "players are 1 to 5",
    ),
    "E0315 a player count no game has": Case(
        building("  players 6"),
        "E0315",
        "no game has 6 players",
        4,
        11,
        12,
        "games have 1 to 5 players (most_players in rules.toml)",
    ),
    "E0315 a range past the largest game": Case(
        building("  players 2, 3-6"),
        "E0315",
        "no game has 6 players",
        4,
        14,
        17,
        "games have 1 to 5 players (most_players in rules.toml)",
    ),
    "E0315 counts from past the largest game": Case(
        building("  players 6+"),
        "E0315",
        "no game has 6 or more players",
        4,
        11,
        13,
        "games have 1 to 5 players (most_players in rules.toml)",
    ),
    "E0315 no players": Case(
        building("  players 0-2"),
        "E0315",
        "no game has 0 players",
        4,
        11,
        14,
        "games have 1 to 5 players (most_players in rules.toml)",
    ),
    "E0208 an effect with an amount of 0": Case(
        building("  when built:", "    take 0 fish"),
        "E0208",
        "this amount is always 0: the effect does nothing",
        5,
        10,
        11,
        "remove it, or write an amount above 0",
    ),
    "E0208 an amount worked out as 0": Case(
        building("  when built: pay (2 - 2) gold"),
        "E0208",
        "this amount is always 0: the effect does nothing",
        4,
        20,
        25,
        "remove it, or write an amount above 0",
    ),
    "E0208 a payment of 0": Case(
        'building "X" (trout A001)\n  cost 2 wood, 0 fish\n  vp 1\n',
        "E0208",
        "this amount is always 0: the payment asks nothing",
        2,
        16,
        17,
        "remove it (a card that costs nothing says 'cost none')",
    ),
    "E0208 a block repeated 0 times": Case(
        building("  when built:", "    up to 0 times: take 1 fish"),
        "E0208",
        "this amount is always 0: the block never runs",
        5,
        11,
        12,
        "remove it, or repeat it 1 or more times",
    ),
    "E0209 a limit below 0": Case(
        building("  rule wood limit = -3"),
        "E0209",
        "rule 'wood limit' cannot be -3: it is at least 0",
        4,
        21,
        23,
        "give it a value of 0 or more",
    ),
    "E0209 a game of 0 rounds": Case(
        building("  rule rounds = 0"),
        "E0209",
        "rule 'rounds' cannot be 0: it is at least 1",
        4,
        17,
        18,
        "give it a value of 1 or more",
    ),
    "E0210 a guard that is never true": Case(
        building("  when built, if 1 < 0:", "    take 1 fish"),
        "E0210",
        "this comparison of numbers is never true",
        4,
        18,
        23,
        "what it guards never happens: compare a count, e.g. 'elders < 2'",
    ),
    "E0210 a comparison that is always true inside a condition": Case(
        building("  when built:", "    if elders >= 1 or 2 = 2: take 1 fish"),
        "E0210",
        "this comparison of numbers is always true",
        5,
        23,
        28,
        "it changes nothing: compare a count, e.g. 'elders >= 2', or remove it",
    ),
    "E0317 a good named twice in one cost": Case(
        'building "X" (trout A001)\n  cost 1 wood, 1 wood\n  vp 1\n',
        "E0317",
        "'wood' is named twice in one way to pay",
        2,
        16,
        22,
        "name it once: '2 wood' (first named at column 8)",
    ),
    "E0317 a good named twice in one way to pay, once by a formula": Case(
        'building "X" (trout A001)\n  cost 2 fish or 1 wood, (round) wood\n  vp 1\n',
        "E0317",
        "'wood' is named twice in one way to pay",
        2,
        26,
        38,
        "name it once: one amount of wood (first named at column 18)",
    ),
    "E0317 another payment named twice": Case(
        'building "X" (trout A001)\n  cost return 1 guests, return 2 guests\n  vp 1\n',
        "E0317",
        "'return N guests' is named twice in one way to pay",
        2,
        25,
        40,
        "name it once (first named at column 8)",
    ),
    "E0317 a count set twice on one given line": Case(
        building(
            '  example "e":',
            "    given wood in supply = 1, fish in supply = 2, wood in supply = 3",
            "    expect wood in supply = 3",
        ),
        "E0317",
        "'wood in supply' is set twice on this line",
        5,
        51,
        65,
        "set it once (first set at column 11)",
    ),
    "E0318 a rule parameter set twice": Case(
        building("  rule wood limit = 15", "  rule wood limit = 12"),
        "E0318",
        "rule 'wood limit' is already set on this card",
        5,
        3,
        23,
        "first set on line 4; give it one value there",
    ),
    "E0318 a switch set twice": Case(
        building("  rule may be built over", "  rule may be built over = off"),
        "E0318",
        "rule 'may be built over' is already set on this card",
        5,
        3,
        31,
        "first set on line 4; give it one value there",
    ),
    "E0319 a table with too many rows": Case(
        building("  when built: take (by elders [" + ", ".join(f"{key}: {key}" for key in range(51)) + "]) wood"),
        "E0319",
        "this table has 51 rows",
        4,
        21,
        419,
        "a table has at most 50 rows; group keys into ranges such as '3-5' or '6+'",
    ),
    "E0319 a table with too many rows with those of the table inside it": Case(
        building(
            "  when built: take (by elders [0: by forests ["
            + ", ".join(f"{key}: {key}" for key in range(30))
            + "], "
            + ", ".join(f"{key}: {key}" for key in range(1, 22))
            + "]) wood"
        ),
        "E0319",
        "this table has 52 rows, counting the rows of the tables inside it",
        4,
        21,
        417,
        "a table has at most 50 rows; group keys into ranges such as '3-5' or '6+'",
    ),
    "E0204 a table row's key too large": Case(
        building("  when built: take (by elders [0: 1, 1001+: 2]) wood"),
        "E0204",
        "1001 is too large",
        4,
        38,
        46,
        "numbers go up to 1000",
    ),
    "E0320 none beside another payment": Case(
        'building "X" (trout A001)\n  cost 2 fish or none, 1 wood\n  vp 1\n',
        "E0320",
        "'none' stands beside another payment in one way to pay",
        2,
        18,
        22,
        "remove 'none', or the other payments if the card costs nothing",
    ),
    "E0316 an empty range of player counts": Case(
        building("  players 4-2"),
        "E0316",
        "empty range 4-2",
        4,
        11,
        14,
        "write the smaller number first",
    ),
    "E0316 a player count named twice": Case(
        building("  players 3, 2-4"),
        "E0316",
        "3 is already named on this line",
        4,
        14,
        17,
        "name each player count once",
    ),
    "E0316 player counts named twice": Case(
        building("  players 5, 2+"),
        "E0316",
        "5 is already named on this line",
        4,
        14,
        16,
        "name each player count once",
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_diagnostic(case: Case) -> None:
    """The one diagnostic of the text, exactly: code, message, span on one line, help."""
    found = diagnostics(case.text)
    assert len(found) == 1, found
    [diagnostic] = found
    assert (diagnostic.code, diagnostic.message, diagnostic.help) == (case.code, case.message, case.help)
    assert diagnostic.span == Span("cards.nus", case.line, case.column, case.line, case.end_column)
    assert diagnostic.severity == "error"


def test_elder_needs_exactly_one_use() -> None:
    """E0303 for none and for two; the span is the elder's quoted name."""
    none = diagnostics('elder "E" (base E01)\n  rule wood limit = 3\n')
    two = diagnostics('elder "E" (base E01)\n  use: take 1 fish\n  use: take 1 wood\n')
    for found in (none, two):
        assert [(d.code, d.message, d.span, d.help) for d in found] == [
            (
                "E0303",
                "an elder needs exactly one 'use:' ability",
                Span("cards.nus", 1, 7, 1, 10),
                "add 'use: <effects>'",
            )
        ]


def test_unknown_letter_in_a_count() -> None:
    """A count that is right but for its letter names the letter (E0102), underlining just that word."""
    found = diagnostics(building("  when built:", "    take (zzz buildings) wood"))
    assert [(d.code, d.message, d.span, d.help) for d in found] == [
        ("E0102", "unknown building letter 'zzz'", Span("cards.nus", 5, 11, 5, 14), "one of: A, B, C")
    ]


def test_unknown_good_in_a_count_points_at_the_word() -> None:
    found = diagnostics(building("  when built:", "    take (woods in supply) fish"))
    assert [(d.code, d.message, d.span, d.help) for d in found] == [
        ("E0102", "unknown good 'woods'", Span("cards.nus", 5, 11, 5, 16), "did you mean 'wood'?")
    ]


def test_an_unknown_count_suggests_a_spelled_out_pattern() -> None:
    """A suggestion that leaves words out says what it counts and which words it does not say (issue 34 §3: "'plates
    filled with guests' → 'plates filled' without saying it counts every plate": a suggestion must say what it
    counts)."""
    found = diagnostics(building("  when built:", "    take (fish in the supply box) fish"))
    assert [(d.code, d.message, d.help) for d in found] == [
        (
            "E0103",
            "unknown count 'fish in the supply box'",
            "did you mean 'fish in supply' (the number of fish in your personal supply)? It does not say 'the box': "
            "'nus vocab count' lists every count",
        )
    ]
    found = diagnostics(
        building("  each time after you serve fish:", "    if plates filled with fish >= 2: take 1 wood")
    )
    assert [(d.code, d.message, d.help) for d in found] == [
        (
            "E0103",
            "unknown count 'plates filled with fish'",
            "did you mean 'plates filled with guests' (the number of plates you filled with Guests, not with fish)? "
            "It does not say 'fish': 'nus vocab count' lists every count",
        )
    ]


def test_an_unknown_count_in_an_event_hook_suggests_the_events_field() -> None:
    found = diagnostics(building("  each time after you serve fish:", "    if fish servd >= 2: take 1 wood"))
    assert [(d.code, d.message, d.span, d.help) for d in found] == [
        ("E0103", "unknown count 'fish servd'", Span("cards.nus", 5, 8, 5, 18), "did you mean 'fish served'?")
    ]


def test_condition_in_an_amount() -> None:
    """A yes/no condition where an amount goes is E0201 at the condition, not a generated crash."""
    found = diagnostics(building("  when built:", "    take ((elders > 1)) wood"))
    assert [(d.code, d.message, d.span.line, d.span.column, d.span.end_column) for d in found] == [
        ("E0201", "the amount must be a number, not a yes/no condition", 5, 12, 22)
    ]


def test_condition_directly_in_a_phrase_is_a_syntax_error() -> None:
    """A phrase's parentheses take an expression; a bare comparison stops at '>'."""
    found = diagnostics(building("  when built:", "    take (elders > 1) wood"))
    expected = [("E0003", "unexpected '>'", Span("cards.nus", 5, 18, 5, 19))]
    assert [(d.code, d.message, d.span) for d in found] == expected


def test_comparison_of_a_condition_with_a_number_in_parentheses() -> None:
    """'(elders >= 2) = 3' compares a condition with a number; the span is the inner comparison."""
    found = diagnostics(building("  when built, if (elders >= 2) = 3:", "    take 1 wood"))
    assert [(d.code, d.message, d.span) for d in found] == [
        (
            "E0201",
            "the compared value must be a number, not a yes/no condition",
            Span("cards.nus", 4, 19, 4, 30),
        )
    ]


def test_expressions_nest_up_to_the_limit_and_the_tallest_too_deep_is_underlined() -> None:
    """'1' and 99 additions stand on 100 levels and compile; one more addition is too long (E0012, said before the
    parser's nesting check would say E0005). Of two expressions too long, the longer is reported, wherever it
    stands."""
    card = 'building "X" (trout A001)\n  cost 1 wood\n  vp 1{vp}\n  requires elders{requires} >= 0\n'
    assert diagnostics(card.format(vp=" + 1" * 99, requires="")) == []
    spans = {
        (100, 0): Span("cards.nus", 3, 6, 3, 407),
        (100, 120): Span("cards.nus", 4, 12, 4, 498),  # the sum, not the comparison around it
        (130, 120): Span("cards.nus", 3, 6, 3, 527),
    }
    for (vp, requires), span in spans.items():
        found = diagnostics(card.format(vp=" + 1" * vp, requires=" + 1" * requires))
        assert [(d.code, d.span) for d in found] == [("E0012", span)]


def test_invalid_utf8_is_e0004(tmp_path: Path) -> None:
    """E0004 is raised while reading, before compile_text; it names line and column of the bad byte."""
    path = tmp_path / "cards.nus"
    path.write_bytes(b'building "X" (trout A001)\n  cost 1 wood\n  vp \xff1\n')
    with pytest.raises(InvalidText) as raised:
        read_source(str(path))
    assert str(raised.value) == f"{path}:3:6: error[E0004]: the file is not valid UTF-8 (byte 45)"


def test_good_input_gives_no_diagnostics() -> None:
    """A card using most constructs compiles clean, and produces a module."""
    text = building(
        "  requires free fishing spaces >= 4 and not during an action",
        "  rule wood limit = 15",
        "  each time after you serve fish, if fish served >= 3:",
        "    take 2 wood",
        "    you may: return 1 guest, take an extra turn",
    )
    compiled = compile_text(text, "cards.nus")
    assert compiled.diagnostics == ()
    assert compiled.module is not None
    assert [card.name for card in compiled.program.cards] == ["X"]


def test_numbers_alone_that_work_out_within_the_limit_check_clean() -> None:
    """Beside the E0204 cases: 1000 and -1000 worked out, and a count times a large number (no constant)."""
    text = building("  requires elders * 1000 >= 0 - 1000", "  when built:", "    take (10 * 100 - elders) fish")
    assert diagnostics(text.replace("vp 1", "vp 0 - 10 * 100")) == []


def test_names_of_cards_of_the_file_in_costs_conditions_and_effects_check_clean() -> None:
    """Beside the E0114 cases: a Building's name where a Building is wanted, an Elder's where an Elder is."""
    text = (
        'building "X" (trout A001)\n  cost 1 wood or discard "Y"\n  vp 1\n'
        '  as soon as elder "E" has left the supply board:\n    take 1 wood\n\n'
        'building "Y" (trout A002)\n  cost none\n  vp 0\n\nelder "E" (base E01)\n  use: take 1 fish\n'
    )
    assert diagnostics(text) == []


def test_the_valid_neighbours_of_text_that_cannot_mean_what_it_says_check_clean() -> None:
    """Beside each E0112, E0115, E0208-E0210 and E0317-E0319 case: what the designer meant checks clean. An amount
    worked out from the table may be 0, a value worked out may fall below a rule's range (it counts as its least),
    0 is an amount where it means something, a VP value may be negative, and each `given` line sets a count anew."""
    text = (
        'building "Alpha" (trout A601)\n  cost 2 wood, 1 fish or 1 wood, (round) fish\n  vp 0\n'
        "  rule wood limit = 15\n  rule reserve fish limit = 0\n  rule empty space vp = -3\n"
        "  rule reforest forests up to = guests in supply\n  rule elder seats = elder seats - 9\n"
        "  when built, if elders < 1:\n    take (wood in supply / 3 rounded down) fish\n"
        "    up to (elders) times: take 1 wood\n"
        "    take (by elders [" + ", ".join(f"{key}: {key}" for key in range(49)) + ", else: 0]) gold\n"
        "  worker space: use another player's elder paying 0 fish\n"
        '  example "e":\n    given wood in supply = 1, fish in supply = 0\n    given wood in supply = 3\n'
        "    expect wood in supply = 3\n\n"
        'building "Alpha Two" (trout A602)\n  cost none\n  vp 0\n\n'
        'elder "Alpha" (base E01)\n  use: take 1 fish\n'
    )
    assert diagnostics(text) == []


# Rendering -------------------------------------------------------------------------------------
# Rendering -------------------------------------------------------------------------------------


def test_render_shows_position_line_and_carets_under_the_span() -> None:
    """The example of docs/commands.md, character for character."""
    text = building("  when built:", "    take 2 wod")
    [diagnostic] = diagnostics(text)
    assert diagnostic.render(text) == (
        "cards.nus:5:12: error[E0102]: unknown good 'wod'\n"
        "  |\n"
        "5 |     take 2 wod\n"
        "  |            ^^^\n"
        "help: did you mean 'wood'?"
    )


def test_render_widens_the_gutter_for_two_digit_lines() -> None:
    """Line 12: the gutter is two spaces wide and the carets still sit under the span."""
    text = building(*[f"  rule wood limit = {i}" for i in range(1, 8)], "  when built:", "    take 2 wod")
    found = diagnostics(text)
    wod = [d for d in found if d.code == "E0102"]
    assert len(wod) == 1
    lines = wod[0].render(text).split("\n")
    assert lines[0] == "cards.nus:12:12: error[E0102]: unknown good 'wod'"
    assert lines[1:4] == ["   |", "12 |     take 2 wod", "   |            ^^^"]


def test_render_without_source_and_past_the_end() -> None:
    """No source, or a line the source lacks: the head and help only, no made-up line."""
    diagnostic = Diagnostic("E0102", "unknown good 'wod'", Span("cards.nus", 9, 1, 9, 4), "did you mean 'wood'?")
    expected = "cards.nus:9:1: error[E0102]: unknown good 'wod'\nhelp: did you mean 'wood'?"
    assert diagnostic.render(None) == expected
    assert diagnostic.render("one line\n") == expected


def test_render_caret_for_multiline_span_is_one_wide() -> None:
    """A span running onto another line underlines only its first character."""
    diagnostic = Diagnostic("E0302", "m", Span("cards.nus", 1, 3, 2, 1))
    assert diagnostic.render("  cost 1 wood\n  vp 1\n").split("\n")[3] == "  |   ^"


def test_several_errors_all_reported_sorted_once() -> None:
    """Every error of the file, in position order, even when found in a different order."""
    text = (
        'building "X" (trot A001)\n'
        "  cost 1 wod\n"
        "  vp 1\n"
        "  when built:\n"
        "    take (blargh) fish\n"
        '\nbuilding "X" (trout A001)\n'
        "  cost 1 wood\n"
        "  vp 1\n"
    )
    found = diagnostics(text)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [
        ("E0110", 1, 15),
        ("E0102", 2, 10),
        ("E0103", 5, 11),
        ("E0112", 7, 10),
        ("E0113", 7, 21),
    ]
    rendered = render_all(found + found[::-1], {"cards.nus": text})
    heads = [line for line in rendered.split("\n") if line.startswith("cards.nus:")]
    assert heads == [
        "cards.nus:1:15: error[E0110]: unknown deck 'trot'",
        "cards.nus:2:10: error[E0102]: unknown good 'wod'",
        "cards.nus:5:11: error[E0103]: unknown count 'blargh'",
        "cards.nus:7:10: error[E0112]: duplicate card name 'X'",
        "cards.nus:7:21: error[E0113]: duplicate card code 'A001'",
    ]


def test_only_the_first_syntax_error_is_reported() -> None:
    """The LALR parser cannot resynchronise, so a second syntax error is not guessed at."""
    found = diagnostics(building("  when built:", "    take 2 wood $", "    take 3 wood $"))
    assert [(d.code, d.span.line) for d in found] == [("E0001", 5)]


def test_render_of_a_line_with_form_feed_shows_the_right_line() -> None:
    """A form feed or U+2028 inside a comment does not start a new line for the parser or the renderer."""
    text = 'building "X" (trout A001)  # a\u2028b\x0cc\n  cost 1 wood\n  vp 1\n  when built:\n    take 2 wod\n'
    [diagnostic] = diagnostics(text)
    assert diagnostic.span.line == 5
    assert diagnostic.render(text).split("\n")[2] == "5 |     take 2 wod"


def test_an_over_indented_line_is_reported_at_its_first_character() -> None:
    """The indent token stands at the line break before it: it was reported at the end of the line before."""
    text = 'building "X" (trout A001)\n  cost 1 wood\n   vp 1\n'
    [diagnostic] = diagnostics(text)
    assert diagnostic.render(text) == (
        "cards.nus:3:4: error[E0006]: this line is indented more than the line before it\n"
        "  |\n"
        "3 |    vp 1\n"
        "  |    ^\n"
        "help: indent it by 2 spaces, as the line before; only a line ending in ':' starts an indented block"
    )


def test_crlf_source_renders_without_carriage_return() -> None:
    """Windows line endings parse, and the rendered line carries no stray \\r."""
    text = building("  when built:", "    take 2 wod").replace("\n", "\r\n")
    [diagnostic] = diagnostics(text)
    assert diagnostic.span == Span("cards.nus", 5, 12, 5, 15)
    assert "\r" not in diagnostic.render(text)


def test_an_indented_first_line_is_a_diagnostic_not_a_dedent_error() -> None:
    """Lark's indenter knows no level for a file's first line; a later line back at that indent used to crash."""
    text = '  example "x":\n    expect vp = 1\n  example "y":\n'
    found = compile_text(text, "cards.nus").diagnostics
    assert [(d.code, d.message, d.span.line, d.span.column, d.span.end_column) for d in found] == [
        ("E0006", "the file's first line is indented", 1, 1, 3)
    ]


@pytest.mark.slow
def test_a_line_of_megabytes_is_shown_around_its_span_not_echoed() -> None:
    """A 330,000-term sum (1.3 MB on one line) is E0012, and its rendering shows 200 characters of the line."""
    text = 'building "X" (trout A001)\n  cost 1 wood\n  vp elders' + " + 1" * 330_000 + "\n"
    [found] = diagnostics(text)
    assert (found.code, found.message) == ("E0012", "this expression is too long: 330,001 terms")
    shown = render_all([found], {"cards.nus": text})
    assert len(shown) < 1000 and shown.count("\n") == 4, shown[:1000]
    assert "3 |   vp elders + 1 + 1" in shown and shown.splitlines()[2].endswith(" + 1 …")
    caret = shown.splitlines()[3]
    assert caret.startswith("  |      ^") and len(caret) == len("  |      ") + 200 - len("  vp ")


def test_a_long_lines_span_far_along_is_shown_with_the_line_around_it() -> None:
    line = "  vp elders + " + "(forests) + " * 100 + "wod"
    found = Diagnostic("E0101", "unknown", Span("cards.nus", 1, len(line) - 2, 1, len(line) + 1))
    rendered = found.render(line).splitlines()
    assert rendered[2].startswith("1 | …") and rendered[2].endswith("(forests) + wod")
    assert rendered[3].index("^") == rendered[2].index("wod") and rendered[3].endswith("^^^")


# Did-you-mean in an amount slot offers an amount -------------------------------------------------------------------


AMOUNT_SLOTS = {
    # the third reading (docs/readings/2026-12-06-issue-34-third.md) got "did you mean 'fish in supply is odd'" for
    # a compared value; following it gives E0201 "the amount must be a number, not a yes/no condition"
    "a field of another event, compared": (
        building("  each time after you serve fish, if fish actually paid >= 3:", "    take 1 wood"),
        "E0103",
        "unknown count 'fish actually paid'",
        "did you mean 'fish paid' (the number of fish you actually paid for it, after any Guests reduced its cost)? "
        "It is known only while handling 'build a ship' or 'build a building': 'nus vocab count' lists every count",
    ),
    "a condition's words in an amount": (  # before: "did you mean 'guests on ships is even'?"
        building("  when built:", "    take (guests on ships even) gold"),
        "E0103",
        "unknown count 'guests on ships even'",
        "did you mean 'guests on ships' (the number of Guests on your Ships)? It does not say 'even': 'nus vocab "
        "count' lists every count",
    ),
    "a misspelt field in its handler": (
        building("  each time after you build a ship:", "    take (guests spnt) gold"),
        "E0103",
        "unknown count 'guests spnt'",
        "did you mean 'guests spent'?",
    ),
    "a field outside its handler names each event carrying it": (
        building("  each time after you serve fish:", "    take (guests spent) gold"),
        "E0306",
        "'guests spent' is only known while handling 'build a ship' or 'build a building'",
        "use it in 'each time ... build a ship'",
    ),
    "a condition's words in a condition": (  # a yes/no condition is what a condition's place needs
        building("  when built, if guests on ships even:", "    take 1 gold"),
        "E0103",
        "unknown count 'guests on ships even'",
        "did you mean 'guests on ships is even'?",
    ),
}


@pytest.mark.parametrize(("text", "code", "message", "help"), AMOUNT_SLOTS.values(), ids=AMOUNT_SLOTS.keys())
def test_a_did_you_mean_offers_what_its_place_needs(text: str, code: str, message: str, help: str) -> None:
    """A suggestion in an amount's place is an amount (a count), never a yes/no condition; in a condition's place,
    a condition may be offered."""
    [found] = diagnostics(text)
    assert (found.code, found.message, found.help) == (code, message, help)
