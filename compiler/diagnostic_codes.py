"""Every diagnostic code, declared once with its title and explanation (`nus check --explain CODE`).

Emitters refer to these objects, never to a code's text, so a code cannot be misspelt, reused for a
different error, or left without an explanation. Codes are grouped: E00xx the file and its syntax,
E01xx names (phrases, words, decks, card codes), E02xx values and types, E03xx a card's structure, E04xx a
designer's data files (nus.toml, rules.toml, evaluation.toml).
"""

from __future__ import annotations

from compiler.diagnostics import Diagnostic, Severity, Span
from compiler.plain import Plain


class Code(Plain):
    __slots__ = ("id", "title", "explanation", "severity")

    def __init__(self, id: str, title: str, explanation: str, severity: Severity = Severity.ERROR) -> None:
        self.id = id
        self.title = title
        self.explanation = explanation
        self.severity = severity  # a warning's id starts with W, an error's with E

    def diagnostic(self, message: str, span: Span, help: str = "") -> Diagnostic:
        return Diagnostic(self.id, message, span, help, self.severity)

    def explain(self) -> str:
        return f"{self.id}: {self.title}\n\n{self.explanation.strip()}\n"


# The file and its syntax --------------------------------------------------------------------------

UNEXPECTED_CHARACTER = Code(
    "E0001",
    "unexpected character",
    """
A card file is made of words, numbers, quoted names, comments (`# ...`) and the punctuation
( ) [ ] , : + - * / = < >. Any other character, such as `;` or `!`, stops the parser.

    take 1 wood;      # error: ';'
    take 1 wood       # fine
""",
)
UNEXPECTED_END = Code(
    "E0002",
    "unexpected end of file",
    """
The file ends in the middle of something, such as a block whose line ending in `:` has nothing after it. The
help names what was expected. (A bracket still open at the end is E0009; a card with no lines at all, E0011.)

    when built:                      # error: expected indented block
""",
)
UNEXPECTED_TOKEN = Code(
    "E0003",
    "unexpected token",
    """
A word, number or symbol stands where the grammar does not allow it, e.g. an operator without its
operand or a comparison directly inside a phrase's parentheses. The help lists what may stand there.

    vp 2 +            # error: '+' needs a number after it
    take (elders > 1) wood   # error: a phrase's parentheses hold an amount, not a condition
""",
)
INVALID_UTF8 = Code(
    "E0004",
    "the file is not valid UTF-8",
    """
Card files are read as UTF-8. The position points at the first byte that is not; re-save the file as
UTF-8 (names such as "Besøkende" need it).
""",
)
NESTED_TOO_DEEP = Code(
    "E0005",
    "nested too deeply",
    """
Blocks (`you may:`, `if ...:`, `choose one:`) and parenthesised expressions nest only so deep; beyond that
the card is hard to read and to compile. Split the ability or the formula into simpler steps, e.g. with
`let`.
""",
)
EXPRESSION_TOO_LONG = Code(
    "E0012",
    "an expression too long",
    """
A sum or product holds at most the number of terms the help names: `1 + 1 + ... + 1` compiles to one operation
inside another for every term, so a formula that long is a pasted or generated mistake, not a card. Write the
amount meant, or count it from the table (`vp 2 * forests`, `vp by elders [0-2: 1, 3+: 4]`).

    vp 1 + 1 + 1 + ... + 1       # error: 330,001 terms
    vp 3 * forests               # fine
""",
)
BAD_INDENTATION = Code(
    "E0006",
    "bad indentation",
    """
Blocks are marked by indentation with spaces. A tab in the indentation, a line that dedents to a
level no enclosing block has, or a line indented further than the line before it where no block starts
(only a line ending in `:` starts one) is an error; the help names the indentations that would fit.

    when built:
        take 1 wood
      take 1 fish     # error: neither 4 spaces (the block) nor 0 (the card's level)

    cost 1 wood
       vp 1           # error: indented more than the line before it
""",
)
UNTERMINATED_NAME = Code(
    "E0007",
    "unterminated quoted name",
    """
A quoted name (`"Meditation Lodge"`) must close with `"` on the same line.
""",
)
NON_ASCII_DIGIT = Code(
    "E0008",
    "non-ASCII digit",
    """
Numbers and card codes are written with the digits 0-9. Other Unicode digits (a full-width `６`, a
superscript `³`) look alike but would read as a different number or code, so they are refused outside
quoted names and comments.
""",
)
UNCLOSED_BRACKET = Code(
    "E0009",
    "unclosed bracket",
    """
Inside ( ) or [ ] a formula may run over several lines, so a bracket that is never closed swallows the
lines after it. When a line goes back to the indentation of the line that opened the bracket (the next
statement or the next card) while it is still open, the bracket is reported, not the line that ran into it.

    vp (forests capped at 3      # error: '(' is never closed
    when built:
""",
)
UNKNOWN_KEYWORD = Code(
    "E0010",
    "unknown word where the language's own word belongs",
    """
Some places take only the language's own words: a card line starts with `players`, `cost`, `vp`, `when`,
`each time` is followed by `before` or `after` and then `you`, `any player` or `another player`, a guard
by `if` or `unless`. A word that is none of them is reported whole, also when it starts with one: a
keyword ends where its word ends, so `afteryou` is not read as `after you`. The help names the words
meant when the rest reads on, else the closest keyword.

    each time afteryou serve fish:     # error: did you mean 'after you'?
    each time afterr you serve fish:   # error: did you mean 'after'?
""",
)
EMPTY_DEFINITION = Code(
    "E0011",
    "a card or example with no lines",
    """
A card's lines (its cost, VP, abilities) and an example's steps stand under its header, indented. A header
followed by nothing, or straight by the next card, is reported at that header, and the cards after it are
read as usual.

    building "Hut" (trout A001)      # error: the building 'Hut' has no lines

    building "Hut" (trout A001)      # fine
      cost 1 wood
      vp 1
""",
)

# Names: phrases, words, decks, card codes ---------------------------------------------------------

UNKNOWN_PHRASE = Code(
    "E0101",
    "unknown phrase",
    """
An effect, event, cost payment or rule parameter that the vocabulary (compiler/checking/vocabulary/)
does not declare. Articles and plurals do not matter ("take 2 guests" is "take {amount} {good}"); the
help names the closest declared phrase. A new phrase is one line in the vocabulary and one runtime function.

    take an extra trun     # error: did you mean 'turn'?
""",
)
UNKNOWN_WORD = Code(
    "E0102",
    "unknown good, ship type or letter",
    """
The phrase is known but one of its words is not: a good (wood, fish, gold, guest), a ship type (sloop,
cutter, schooner) or a building letter (A, B, C). Only that word is underlined.

    take 2 wod          # error: did you mean 'wood'?
""",
)
UNKNOWN_COUNT = Code(
    "E0103",
    "unknown count",
    """
A number a condition, amount or VP formula reads must be a declared count (e.g. `wood in supply`,
`elders`, `forests`), a field of the event being handled, or a `let` name. A good on its own is not a
count: say where to count it.

    vp wood               # error: 'wood' is a good, not a count; e.g. 'wood in supply'
""",
)
UNKNOWN_DECK = Code(
    "E0110",
    "unknown deck",
    """
The deck in a card header, `building "Name" (DECK CODE)`, must be one of the declared decks: trout,
besøkende, base.
""",
)
BAD_CARD_CODE = Code(
    "E0111",
    "malformed card code",
    """
Building codes are a letter A, B or C and three to five digits (A613); Elder codes are E and two digits (E01).
""",
)
DUPLICATE_NAME = Code(
    "E0112",
    "duplicate card name",
    """
Two cards of the same kind share a name. Names identify cards in examples, `put "..." in play` and the
reference, so each Building and each Elder is named once (an Elder may share a Building's name). Names are
compared as a reader sees them: in any case, and with an accent written as one character or as a letter and a
combining mark alike, so "Alpha" and "alpha" (or a composed and a decomposed "ø") are the same name.

    building "Alpha" (trout A601)
    building "alpha" (trout A602)     # error: the same name as line 1's
    building "Alpha Two" (trout A602) # fine
""",
)
DUPLICATE_CODE = Code(
    "E0113",
    "duplicate card code",
    """
Two cards of the same kind share a code; each card's code is unique within its kind.
""",
)
UNKNOWN_CARD_NAME = Code(
    "E0114",
    "no card of that name",
    """
A quoted name in any phrase, a card's cost, condition or effect as much as a worked example (`discard "Toy
Shop"`, `elder "Contractor" has left the supply board`, `put "Wood Storage" in play`), must be the name of a
card in the same file: a game is played with one file's cards. A Building's slot wants a Building, an
`elder "..."` slot an Elder. Renaming or removing a card makes every phrase that still uses its old name this
error.

    cost 6 wood or discard "Toy Shp"            # error: no building named 'Toy Shp'; did you mean 'Toy Shop'?
    if elder "Toy Shop" has left the supply board  # error: 'Toy Shop' is a Building, not an Elder
    cost 6 wood or discard "Toy Shop"           # fine
""",
)

NAME_SPACES = Code(
    "E0115",
    "a card name that is empty or has spaces at its ends",
    """
A card's quoted name is how examples, `put "..." in play` and the reference name it, so it holds at least one
letter and starts and ends with one: a space (or another blank) at an end is invisible on the card and makes
`"Beta"` name no card.

    building "Beta " (trout A603)     # error: write "Beta"
    building "" (trout A604)          # error: the card has no name
    building "Beta" (trout A603)      # fine
""",
)

# Values and types ---------------------------------------------------------------------------------

WRONG_TYPE = Code(
    "E0201",
    "a number where a condition belongs, or a condition where a number belongs",
    """
Conditions (`if`, `requires`, guards) are yes/no; amounts, VP and rule values are numbers. A count used
as a condition, or a comparison used as an amount, is an error.

    requires elders          # error: compare it, e.g. 'elders >= 2'
    take ((elders > 1)) wood # error: the amount must be a number
""",
)
NUMBER_TOO_LARGE = Code(
    "E0204",
    "number too large",
    """
Numbers in a card file are small game quantities; a literal beyond the limit the help names is almost
certainly a typo. So is an expression of numbers alone that works out beyond it, or below its negative: it is
worked out when checked, and reported as a whole.

    take 1001 wood                  # error: 1001 is too large
    vp 1000 * 1000                  # error: this works out to 1000000, more than 1000
    vp 0 - 1000 - 1                 # error: this works out to -1001, less than -1000
    vp 10 * 100                     # fine: 1000
""",
)
NEGATIVE_AMOUNT = Code(
    "E0206",
    "an amount that is always negative",
    """
An amount written so that it is below 0 whatever the table holds, such as `take (0 - 3) wood`, is a
mistake. (An amount that comes out below 0 only on some tables counts as 0 there: the effect does
nothing.) Write a count that can be positive.
""",
)
DIVISION_BY_ZERO = Code(
    "E0207",
    "division by 0",
    """
A formula divides by a constant 0, e.g. `(wood in supply / 0 rounded up)`. Divide by a number or a count
that can be above 0. (A count that happens to be 0 at run time gives 0.)
""",
)

ZERO_AMOUNT = Code(
    "E0208",
    "an amount of 0 that does nothing",
    """
An effect, a payment or `up to N times` whose amount is 0 whatever the table holds does nothing: `take 0 fish`
takes nothing, `cost 1 wood, 0 fish` asks no fish, `up to 0 times:` never runs. Remove it, or write the amount
meant. A card that costs nothing says `cost none`. (An amount worked out from the table, such as
`take (wood in supply / 3 rounded down) fish`, may be 0 on some tables; that is fine. An effect where 0 means
something, such as `use another player's elder paying 0 fish`, takes 0.)

    take 0 fish           # error: takes nothing
    take 1 fish           # fine
""",
)
RULE_OUT_OF_RANGE = Code(
    "E0209",
    "a rule parameter's value outside its range",
    """
Each rule parameter has a range its value must lie in, declared with it in `runtime/model/parameters.py`
(`nus vocab rule` shows it): a limit, a count of Rounds or Workers, a cost or a capacity is never below 0, and
some, such as the Rounds, never below 1. A value written so that it lies outside whatever the table holds is
this error. A value worked out from the table (`rule wood limit = wood limit - 5`) that comes out outside the
range at run time counts as the nearest end of the range (ruling): the wood limit is then 0.

    rule wood limit = -3          # error: the wood limit is at least 0
    rule wood limit = 15          # fine
""",
)
CONSTANT_CONDITION = Code(
    "E0210",
    "a condition that compares numbers only",
    """
A comparison of two numbers (`1 < 0`, `3 = 3`) has the same answer on every table: never true, the ability,
block or example line it guards never runs or never fails; always true, it does nothing. Compare a count
instead, or remove the condition.

    when built, if 1 < 0:            # error: never true, so the ability never runs
    when built, if elders < 1:       # fine
""",
)

# A card's structure -------------------------------------------------------------------------------

ABILITY_NOT_ALLOWED = Code(
    "E0301",
    "ability not allowed on this kind of card",
    """
Buildings have abilities such as `when built`, `each time`, `at`, `as soon as`, `at any time` and
`worker space`; Elders have exactly one `use:`. The help lists what the card's kind may have.
""",
)
REPEATED_LINE = Code(
    "E0302",
    "a card fact given twice",
    """
A card has at most one `cost` line, one `vp` line and one `players` line. Alternatives go on the one cost line
(`cost 2 wood or 3 fish`); VP formulas are added up in one expression; player counts are listed on the one
`players` line (`players 2, 4-5`).
""",
)
ELDER_USE = Code(
    "E0303",
    "an Elder needs exactly one use",
    """
An Elder card describes what happens when it is used: exactly one `use:` ability, no more, no less.
""",
)
NO_SUCH_MOMENT = Code(
    "E0304",
    "the event has no such moment",
    """
Events are hooked `each time before ...` or `each time after ...`, phases `at ...`. Some events exist at
only one moment (a Forest can only be reacted to after it is removed); the help names the moments the
event has.
""",
)
BAD_TABLE_ROW = Code(
    "E0305",
    "table rows out of order",
    """
A table's rows are values or ranges of its key: `by elders [0-2: 1, 3-5: 2, 6+: 4, else: 0]`. A range
reads from the smaller number to the larger, and no two rows may cover the same value.
""",
)
FIELD_OUTSIDE_HANDLER = Code(
    "E0306",
    "an event's field outside its handler",
    """
Some events carry values (`fish served` of "serve fish"). They can be read only in an ability that
handles that event: `each time after you serve fish, if fish served >= 3: ...`. Some are known only at one
timing: `ships left of built type` after a Ship is built, not before (its type is not chosen yet).
""",
)
RULE_VALUE = Code(
    "E0307",
    "a rule parameter with the wrong kind of value",
    """
A yes/no rule parameter (a switch) is turned on by naming it (`rule may be built over`, or `= on`) and off
with `= off` (`rule sloop may go to card = off`); it takes no other value. A numeric one needs a number
(`rule wood limit = 15`, `rule wood limit = wood limit + 3`), never `on` or `off`.
""",
)
NOT_SETTABLE = Code(
    "E0308",
    "a count an example cannot set",
    """
An example's `given` sets counts that the table can be put into directly (goods in supply, Elders,
Forests, Ships, ...); the help lists them. Other counts follow from these: set what they count instead.
""",
)
EXAMPLE_ONLY = Code(
    "E0309",
    "an example-only step in a card's ability",
    """
Some effects (`build this building`, `run the fishing phase`, `put "..." in play`) exist to set up a worked
example; they are allowed only in an example's `do`.
""",
)
TRIGGER_LOOP = Code(
    "E0310",
    "abilities that set each other off without end",
    """
An `each time ... EVENT` ability whose effect causes EVENT again, directly or through other cards' hooks,
would run without end. Where the loop is visible (an unguarded hook, an effect carried out unconditionally,
an effect whose vocabulary entry declares the events it `causes`) it is this error, naming every line of the
loop. Guard one of the hooks (`if ...`, `unless ...`) or change the effect. Loops hidden behind guards or
choices are stopped at run time.
""",
)
TRIGGER_LOOP_MAYBE = Code(
    "W0310",
    "abilities that may set each other off without end (a warning)",
    """
As E0310, but the loop runs through a guard (`if ...`, `unless ...`), a choice (`you may`, `choose one`) or a
repeat (`up to N times`): whether it ends depends on the table and the players. It is a warning: the file still
checks and builds. If the guards and choices never end it, play stops with the card and line after 2,000 hook runs
in answer to one event. Make sure one of the conditions ends the chain.

    each time before any player deforest:
      up to (haul size) times: take an extra turn, deforest    # warning: each deforest may deforest again
""",
    Severity.WARNING,
)
MISSING_LINE = Code(
    "E0311",
    "a building without its cost or VP",
    """
Every Building states its cost and its victory points, even when they are nothing:
`cost none` and `vp 0`.
""",
)
ANSWER_PLACE = Code(
    "E0312",
    "an answer before the step that asks it",
    """
An example's `answer` line answers the questions of the step right before it (a `do`, an
`expect illegal`, or a `given` that sets off an "as soon as" which asks), so it comes after that step:

    do build this building
    answer column 2 row 1, pay 1 wood and 1 fish
""",
)
NO_SUCH_PLAYER = Code(
    "E0313",
    "a player number outside the table",
    """
`player N:` counts players from 1 (player 1 owns the example's card); an example table has at most 5.
""",
)
ANOTHER_PLAYER_OUTSIDE_EVENT = Code(
    "E0314",
    "'another player' outside an event trigger",
    """
"Another player" names whoever set off an event, so it only means something while a card hears an event:

    each time after another player takes an elder:
      take 1 gold
    each time after any player returns a guest, if another player did it:
      take 1 fish

Elsewhere (`when built`, `at end of round`, a worker space, a cost or VP) there is no acting player to
compare with the card's owner. The other players' counts can be read anywhere:

    when built, if most elders among other players >= 3:         # some other player has 3 Elders
      take 1 gold
    at end of round, if fewest elders among other players >= 3:  # every other player has 3
      take (total ships among other players) fish
""",
)
NO_SUCH_PLAYER_COUNT = Code(
    "E0315",
    "a player count no game has",
    """
A `players` line names the player counts at which the card is part of the game; each must be one the game
is played at: 1 to `most_players` of `runtime/rules.toml` (5).

    players 6         # error: no game has 6 players
    players 3-6       # error: write 3-5 (or 3+)
    players 5         # fine: only in games of 5 players
""",
)
PLAYER_RANGE = Code(
    "E0316",
    "player counts out of order or named twice",
    """
A `players` line's ranges read as a table's rows do: `5`, `3+`, `2-4`, from the smaller number to the
larger, and each player count is named once.

    players 4-2       # error: write 2-4
    players 3, 2-4    # error: 3 is named twice; write 2-4
""",
)

NAMED_TWICE = Code(
    "E0317",
    "the same thing named twice in one list",
    """
One way to pay names each good (and each other payment) once, and an example's `given` line sets each count
once: a second `1 wood` in `cost 1 wood, 1 wood` reads as a typo for another good, and of two settings of one
count only the last would hold. Add the amounts up.

    cost 1 wood, 1 wood                       # error: write '2 wood'
    given wood in supply = 1, wood in supply = 3   # error: set it once
    cost 2 wood                               # fine
""",
)
RULE_SET_TWICE = Code(
    "E0318",
    "a rule parameter set twice on one card",
    """
A card sets each rule parameter once: of two `rule` lines for the same parameter only one could hold, so the
second is an error pointing back at the first. Say the one value meant.

    rule wood limit = 15
    rule wood limit = 12          # error: the wood limit is already set on the line above
""",
)
TOO_MANY_ROWS = Code(
    "E0319",
    "a table with too many rows",
    """
A table (`by elders [0: 1, 1-2: 3, 3+: 5]`) has at most the number of rows the help names, counting the rows of
the tables inside its values: a table compiles to one test per row, and a game's tables have a handful of rows.
Group keys into ranges (`3-5: 2`, `6+: 4`) instead of a row for every value.
""",
)
NONE_BESIDE_PAYMENT = Code(
    "E0320",
    "'none' beside another payment",
    """
`cost none` says a card costs nothing, so `none` is a way to pay on its own: beside another payment in the same
way to pay (`cost none, 1 wood`) it says two things at once. Keep the one meant; `or` separates ways to pay.

    cost none, 1 wood         # error
    cost none                 # fine: it costs nothing
    cost 1 wood               # fine
""",
)
THIS_BUILDING_NOT_BUILT = Code(
    "E0321",
    "'this building' before the Building is built",
    """
A count of what lies on or under this Building (`fish on this building`, `elders under this building`, `forests on
this building`, `printed ship values on this building`) reads the Building in play. A card's `requires` and `cost`
are asked while it is being built, when there is no such Building yet: read it in an ability or in `vp`.

    requires elders under this building = 0      # error: nothing lies under a Building not built
    vp fish on this building                     # fine: scored while it is in play
""",
)

# A designer's data files ---------------------------------------------------------------------------

DATA_NOT_TOML = Code(
    "E0401",
    "a data file that is not TOML",
    """
nus.toml, a project's rules.toml and evaluation.toml are TOML files (https://toml.io): `key = value` lines under
`[table]` headers, `#` comments. A line that is not TOML stops the reading; the message says what was expected.

    wood_limit 15                 # error: '=' missing
    wood_limit = 15               # fine
""",
)
UNKNOWN_DATA_KEY = Code(
    "E0402",
    "a key the data file does not have",
    """
A project's rules.toml or evaluation.toml changes values the package's own file has, key by key: a key it does not
have would be read by nothing, so a misspelt name would change nothing without a word. The help names the closest
key. `nus init DIR --with rules,evaluation` writes copies of the package's files to start from; nus.toml's keys are
`cards`, `rules`, `evaluation` and `faces`.

    wood_limt = 15                # error: did you mean 'wood_limit'?
    wood_limit = 15               # fine
""",
)
DATA_KIND = Code(
    "E0403",
    "a value of the wrong kind in a data file",
    """
Each value of a data file has the kind the package's file gives it: a whole number, a number, a fraction written
as a string ("1/2"), true or false, a list or a table. The wood limit is a whole number of wood, so `wood_limit =
"many"` or `wood_limit = 12.5` is refused.

    wood_limit = 12.5             # error: a whole number
    wood_limit = 13               # fine
""",
)
DATA_RANGE = Code(
    "E0404",
    "a value out of range in a data file",
    """
Every number of the base game has the range its rule parameter declares (`nus vocab rule` lists them): 0 or more
for limits, costs, capacities and lengths; 1 or more for the Rounds, worker turns and the players the game is
for. A project's rules.toml is held to the same ranges as a card's `rule` line (E0209).

    wood_limit = -3               # error: at least 0
    rounds = 0                    # error: at least 1
""",
)
DATA_SHAPE = Code(
    "E0405",
    "a list or table of the wrong shape in a data file",
    """
A list by player count gives one value for each player count the game is for (`most_players`: 5 values for 1 to 5
players); a row of the haul table is `[lowest total length, haul]`; each `[[share_discount]]` has `from_round` and
`discount`. A list or table of another shape could not be read where the game reads it.

    [spaces]
    gold = [1, 1, 2]              # error: 5 values, one for each of 1 to 5 players
""",
)

CATALOGUE: dict[str, Code] = {value.id: value for value in list(globals().values()) if isinstance(value, Code)}
