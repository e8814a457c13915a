"""Every phrase of the language as a designer sees it: `nus vocab` prints it and the reference's Language page
shows it. Made from the vocabulary, plus the example steps and answer forms, so it never drifts from what the
checker accepts."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.checking import vocabulary as vocab
from runtime.model import parameters
from runtime.model.declarations import Timing
from runtime.model.rules import player_counts

SAMPLES = {"amount": "2", "good": "wood", "ship": "sloop", "letter": "A"}
NAME_SAMPLES = {"elder": '"Fisherman"', "card": '"Wood Storage"'}
KINDS = (
    "effect",
    "count",
    "fact",
    "event",
    "event field",
    "actor",
    "moment",
    "payment",
    "rule",
    "example step",
    "answer",
)


@dataclass(frozen=True)
class Phrase:
    kind: str
    words: str  # slots in capitals: 'take N GOOD'
    slots: tuple[str, ...]
    english: str
    example: str
    example_only: bool = False
    settable: bool = False  # a count an example's `given` may set


def filled(entry: vocab.Entry) -> str:
    words = []
    for element in entry.pattern.split():
        if element.startswith("{"):
            name, _, type_ = element.strip("{}").partition(":")
            type_ = type_ or name
            words.append(NAME_SAMPLES.get(name, '"Wood Storage"') if type_ == "name" else SAMPLES[type_])
        else:
            words.append(element)
    return " ".join(words)


def slots(entry: vocab.Entry) -> tuple[str, ...]:
    return tuple(
        f"{vocab.readable('{' + element.name + ':' + element.type + '}')}: {element.type}"
        for element in entry.elements
        if isinstance(element, vocab.Slot)
    )


def english(entry: vocab.Entry) -> str:
    """The entry's English with its slots as `readable` shows them: a name slot is shown in quotes, so an English
    that quotes the name itself (`remove the "{building}"`, filled in as one quoted name on a card) is not quoted
    twice."""
    text = entry.english
    for element in entry.elements:
        if isinstance(element, vocab.Slot):
            shown = vocab.readable("{" + element.name + ":" + element.type + "}")
            if element.type == "name":
                text = text.replace(f'"{{{element.name}}}"', shown)
            text = text.replace("{" + element.name + "}", shown)
    text = text.replace("{cost}", "the cost")
    if not isinstance(entry, vocab.Rule):
        return text
    text = text.replace("{value}", "VALUE").replace("{default}", str(entry.default))
    if entry.result == "number":
        text += f" (in VALUE, '{entry.pattern}' is its value without this card, so such cards add up{least(entry)})"
    else:
        text += f" (a switch; '= off' turns it off: {entry.parameter.english_off})"
    return text


def least(entry: vocab.Rule) -> str:
    """A number rule's range as the checker holds a card to it and the runtime clamps to it (Parameter.least and
    Parameter.most)."""
    parameter = parameters.parameters()[entry.parameter.name]  # the bounds in use (a project's rules.toml)
    low, high = parameter.least, parameter.most
    if low is None:
        return ""
    if high is None:
        return f"; VALUE is at least {low}, and one worked out below {low} counts as {low}"
    return (
        f"; VALUE is from {low} to {high}, and one worked out below {low} counts as {low}, one above {high} as {high}"
    )


def example_only(entry: vocab.Entry) -> bool:
    return isinstance(entry, vocab.Count | vocab.Effect) and entry.example_only


def settable(entry: vocab.Entry) -> bool:
    return isinstance(entry, vocab.Count) and entry.settable


def example_of(kind: str, entry: vocab.Entry) -> str:
    text = filled(entry)
    if example_only(entry):
        return {"effect": f"do {text}", "count": f"expect {text} = 2"}[kind]
    if kind == "effect":
        return f"when built: {text}"
    if kind == "count":
        return f"vp {text}"
    if kind == "fact" and entry.event_only:
        return f"each time after any player returns a guest, if {text}: take 1 gold"
    if kind == "fact":
        return f"if {text}: take 1 gold"
    if kind == "moment":
        return f"at {text}: take 1 fish"
    if kind == "event":
        return f"each time {entry.timings[-1]} you {text}: take 1 fish"
    if kind == "payment":
        return f"cost {text}"
    value = (" = off" if entry.default else "") if entry.result == "truth" else f" = {text} + 1"
    return f"rule {text}{value}"


def vocabulary_phrases() -> list[Phrase]:
    groups = [
        ("effect", vocab.EFFECTS),
        ("count", vocab.COUNTS),
        ("fact", vocab.FACTS),
        ("event", tuple(e for e in vocab.EVENTS if Timing.AT not in e.timings)),
        ("moment", tuple(e for e in vocab.EVENTS if Timing.AT in e.timings)),
        ("payment", vocab.PAYMENTS),
        ("rule", vocab.RULES),
    ]
    return [
        Phrase(kind, vocab.readable(e.pattern), slots(e), english(e), example_of(kind, e), example_only(e), settable(e))
        for kind, entries in groups
        for e in entries
    ] + [family_phrase(family) for family in vocab.COUNT_FAMILIES]


def family_phrase(family: vocab.CountFamily) -> Phrase:
    """A family of phrases made of any count (vocab.COUNT_FAMILIES), shown once with COUNT for the count."""
    kind = "fact" if family.result == "truth" else "count"
    whose = "a count of your own things (not the table's, such as round, or a card's)" if family.others else "a count"
    english = family.english.replace("{measure}", "COUNT").replace("{count}", "COUNT")
    if family.others:
        english += " (each other player counting their own)"
    sample = family.pattern.replace("COUNT", "elders" if family.others else "round")
    example = f"if {sample}: take 1 gold" if kind == "fact" else f"vp {sample}"
    return Phrase(kind, family.pattern, (f"COUNT: {whose}",), english, example)


def event_fields() -> list[Phrase]:
    """What an `each time` ability on an event may read of it (Entry.fields): known only there, so said with it."""
    found = []
    for entry in vocab.EVENTS:
        hook = f"each time {entry.timings[-1]} you {entry.pattern}"
        for words, (attr, type_) in entry.fields.items():
            condition = words if type_ == "truth" else f"{words} >= 2"
            english = f"{entry.phrases[attr]} (known only in 'each time ... {entry.pattern}')"
            found.append(Phrase("event field", words, (), english, f"{hook}, if {condition}: take 1 gold"))
    return found


STEPS = (
    (
        "given COUNT = N, ...",
        "set counts on the table (settable counts only); checked against the rules",
        "given wood in supply = 5, sloops = 1",
    ),
    ("do EFFECT, ...", "carry out effects and example-only steps", "do build this building"),
    (
        "answer WORDS, ...",
        "answer the questions the step before asks, in order; 'every time' keeps an answer",
        "answer column 2 row 1, pay 1 wood and 1 fish",
    ),
    ("expect CONDITION, ...", "conditions that must hold; a failure shows the actual value", "expect vp = 5"),
    (
        'expect illegal: EFFECT [because "TEXT"]',
        "the effect must be refused (for that reason); the table stays",
        'expect illegal: place a worker on serve fish because "full"',
    ),
    ("player N: STEP", "player N (from 1) sets, acts, answers or is checked", "player 2: do take 1 gold"),
)

ANSWERS = (
    ("yes / no", "a 'you may' or any yes/no question (true and false work too)", "answer yes"),
    ("N", "how many, how often", "answer 2"),
    ("column C row R", "a Building space on the Harbor board", "answer column 2 row 1"),
    ('over "CARD"', "build over that Building", 'answer over "Wood Storage"'),
    (
        "pay N GOOD and N GOOD ...",
        "a payment by its goods and Guests, in any order; 'pay nothing' for none",
        "answer pay 2 wood and 3 guests",
    ),
    ("plate N", "a Banquet Table plate by its printed size", "answer plate 3"),
    ("fish / guest", "fill a plate with fish or a Guest", "answer guest"),
    ('"NAME"', "an Elder, a Building, a card's any-time ability", 'answer "Fisherman"'),
    ('"NAME" of player N', "another player's Elder", 'answer "Fisherman" of player 2'),
    ('elder "NAME"', "a Worker on an own Elder", 'answer elder "Fisherman"'),
    ("ACTION", "an action space for a Worker: gold, build a building, serve fish, ...; pass", "answer serve fish"),
    ("double space N", "a double space on the Harbor board (1-5 as in rules.toml)", "answer double space 1"),
    ("SHIP", "a Ship type, or one of your Ships by type", "answer cutter"),
    ("fishing track / supply / done / no / stop", "where a Ship or fish goes; end a repeated question", "answer stop"),
    ("EFFECTS", "an option of a 'choose one', as written on the card", "answer pay 2 wood"),
    ("WORDS every time", "the answer stays and answers every later question it fits", "answer pass every time"),
)


ACTORS = (
    ("each time TIMING you EVENT", "hears only your own events", "each time after you take an elder: take 1 gold"),
    (
        "each time TIMING any player EVENT",
        "hears every player's events, yours included",
        "each time after any player returns a guest: take 1 gold",
    ),
    (
        "each time TIMING another player EVENT",
        "hears every other player's events, never yours ('another player' is known only in such an ability)",
        "each time after another player takes an elder: take 1 gold",
    ),
)


def phrases() -> list[Phrase]:
    fixed = [Phrase("actor", words, (), text, example) for words, text, example in ACTORS]
    fixed += [Phrase("example step", words, (), text, example) for words, text, example in STEPS]
    fixed += [Phrase("answer", words, (), text, example) for words, text, example in ANSWERS]
    return vocabulary_phrases() + event_fields() + fixed


def matching(words: list[str]) -> list[Phrase]:
    """Phrases whose kind, words or English contain every word asked for (no words: all of them)."""
    wanted = [word.lower() for word in words]
    found = []
    for phrase in phrases():
        marks = f"{'given' if phrase.settable else ''} {'examples' if phrase.example_only else ''}"
        text = f"{phrase.kind} {phrase.words} {phrase.english} {marks}".lower()
        if all(word in text for word in wanted):
            found.append(phrase)
    return found


def not_rules() -> str:
    """What rules.toml holds that no card can set (ruling): the printed shape of the boards."""
    shapes = "; ".join(reason.split(":")[0] for reason in parameters.LAYOUT.values())
    [tables] = (reason.split(":")[0] for reason in parameters.PLAYER_COUNTS.values())
    counts = player_counts()
    bounds = ", ".join(f"{p.words} {p.most}" for p in parameters.parameters().values() if p.most is not None)
    return (
        "Every number of rules.toml is a rule a card can change. The printed shape of the boards is not: rules.toml "
        f"also says {shapes}; those are cells, not numbers, and no card changes them. Nor is {tables} "
        f"(`most_players`: {counts[0]} to {counts[-1]}), a number that says which tables there are, not a rule of "
        "one table; a card's `players` line names the counts it is part of. Nor are the bounds of `[most]` "
        f"({bounds}): the most a card's rule may make those numbers."
    )


KIND_NOTES = {"rule": not_rules}


def markdown(found: list[Phrase]) -> str:
    """The Language page: one table per kind, with what a kind's table leaves out."""
    lines = ["# The nus language", ""]
    for kind in KINDS:
        rows = [p for p in found if p.kind == kind]
        if not rows:
            continue
        lines += [f"## {kind.capitalize()}s", ""]
        if kind in KIND_NOTES:
            lines += [KIND_NOTES[kind](), ""]
        lines += ["| phrase | means | example |", "|---|---|---|"]
        lines += [f"| `{cell(p.words)}` | {cell(p.english)} | `{cell(p.example)}` |" for p in rows]
        lines.append("")
    return "\n".join(lines)


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
