"""Phrase matching: a phrase's words against the vocabulary's patterns, and when none fits, the diagnostic that
says what was probably meant (did you mean)."""

from __future__ import annotations

import difflib
from functools import cache

from compiler import diagnostic_codes as codes
from compiler.checking import vocabulary as vocab
from compiler.checking.english import KIND_NAMES, WORD_SLOT_NAMES
from compiler.diagnostics import Diagnostic, Span
from compiler.plain import Plain
from compiler.syntax import nodes as n


class Token(Plain):
    """One normalised element of a phrase: a word, a number, a quoted name or an expression."""

    __slots__ = ("kind", "text", "span", "node")

    def __init__(self, kind: str, text: str, span: Span, node: object = None) -> None:
        self.kind = kind  # word number name expr
        self.text = text
        self.span = span
        self.node = node


def phrase_tokens(phrase: n.Phrase) -> list[Token]:
    tokens = []
    for part in phrase.parts:
        if isinstance(part, n.Word):
            word = vocab.normalise(part.text)
            if word:
                tokens.append(Token("word", word, part.span))
        elif isinstance(part, n.Number):
            tokens.append(Token("number", str(part.value), part.span, part))
        elif isinstance(part, n.Name):
            tokens.append(Token("name", part.text, part.span))
        else:
            tokens.append(Token("expr", "(...)", part.span, part))
    return tokens


def quantity_tokens(quantity: n.Quantity) -> list[Token]:
    spans = quantity.word_spans or (quantity.span,) * len(quantity.words)
    tokens = []
    for word, span in zip(quantity.words, spans, strict=True):
        if word.isascii() and word.isdigit():
            tokens.append(Token("number", word, span, n.Number(span, int(word))))
        elif word.startswith('"'):
            tokens.append(Token("name", word[1:-1], span))
        elif normal := vocab.normalise(word):
            tokens.append(Token("word", normal, span))
    return tokens


def slot_accepts(slot: vocab.Slot, token: Token) -> bool:
    if slot.type == "amount":
        return token.kind in ("number", "expr")
    if slot.type == "name":
        return token.kind == "name"
    return token.kind == "word" and token.text in vocab.WORD_SLOTS[slot.type]


def literal_matches(element: str, token: Token) -> bool:
    return token.kind in ("word", "number") and token.text == element


def match(entry: vocab.Entry, tokens: list[Token]) -> list[Token] | None:
    """The tokens filling the entry's slots, or None when the phrase is not this entry."""
    elements = entry.elements
    if len(elements) != len(tokens):
        return None
    filled = []
    for element, token in zip(elements, tokens, strict=True):
        if isinstance(element, vocab.Slot):
            if not slot_accepts(element, token):
                return None
            filled.append(token)
        elif not literal_matches(element, token):
            return None
    return filled


class Miss(Plain):
    """Why a phrase matched nothing: the closest entry and the one token that spoiled it."""

    __slots__ = ("entry", "element", "token")

    def __init__(self, entry: vocab.Entry, element: str | vocab.Slot, token: Token) -> None:
        self.entry = entry
        self.element = element
        self.token = token


def near_miss(entries: tuple[vocab.Entry, ...], tokens: list[Token]) -> Miss | None:
    """The entry the phrase misses by one token, the one whose missed word is nearest the word written ('retrun 1
    wood' misses 'return N GOOD' by 'return' before 'take N GOOD' by 'take'); the first of equals."""
    found = []
    for entry in entries:
        elements = entry.elements
        if len(elements) != len(tokens):
            continue
        misses = [
            (e, t)
            for e, t in zip(elements, tokens, strict=True)
            if not (slot_accepts(e, t) if isinstance(e, vocab.Slot) else literal_matches(e, t))
        ]
        if len(misses) == 1:
            found.append(Miss(entry, *misses[0]))
    return max(found, key=nearness, default=None)


def nearness(miss: Miss) -> float:
    """How like the word written is to the one missed: a word of the language, or the nearest a word slot takes."""
    words = vocab.WORD_SLOTS.get(miss.element.type, ()) if isinstance(miss.element, vocab.Slot) else (miss.element,)
    return max((difflib.SequenceMatcher(None, word, miss.token.text).ratio() for word in words), default=0.0)


def one_left_out(entries, tokens: list[Token]) -> str:
    """The words given with the one element they leave out of an entry, if they fit it all but that: 'take wood'
    is 'take N wood' (a phrase that keeps every word given, before one that swaps a word given for another)."""
    for entry in entries:
        elements = entry.elements
        if len(elements) != len(tokens) + 1:
            continue
        for gap, missing in enumerate(elements):
            rest = elements[:gap] + elements[gap + 1 :]
            if all(
                slot_accepts(e, t) if isinstance(e, vocab.Slot) else literal_matches(e, t)
                for e, t in zip(rest, tokens, strict=True)
            ):
                words = [f'"{t.text}"' if t.kind == "name" else t.text for t in tokens]
                slot = f"{{{missing.name}:{missing.type}}}" if isinstance(missing, vocab.Slot) else missing
                return " ".join([*words[:gap], vocab.readable(slot), *words[gap:]])
    return ""


def suggestion(word: str, candidates) -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def closest_pattern(text: str, entries: tuple[vocab.Entry, ...]) -> str:
    close = difflib.get_close_matches(text, [e.pattern for e in entries], n=1, cutoff=0.4)
    return close[0] if close else ""


def names_another_player(text: str) -> bool:
    """A phrase about the player who set an event off ("another player takes an elder", "other players")."""
    words = [vocab.normalise(word) for word in text.lower().split()]
    pairs = set(zip(words, words[1:], strict=False))
    return bool(pairs & {("another", "player"), ("other", "player"), ("other", "players")})


def lookup_field(fields: dict, quantity: n.Quantity):
    if not fields:
        return None
    wanted = normalised(quantity.words)
    for pattern, value in fields.items():
        if normalised(tuple(pattern.split())) == wanted:
            return value
    return None


@cache
def normalised(words: tuple[str, ...]) -> tuple[str, ...]:
    """Words as a quantity and a field's pattern are compared: each normalised, articles left out."""
    return tuple(normal for normal in map(vocab.normalise, words) if normal)


def spelled_out(entry: vocab.Entry) -> list[str]:
    """A count's pattern as written, each word slot filled in every way, for 'did you mean' hints."""
    texts = [entry.pattern]
    for element in entry.elements:
        if isinstance(element, vocab.Slot) and element.type in vocab.WORD_SLOTS:
            slot = f"{{{element.name}}}" if element.name == element.type else f"{{{element.name}:{element.type}}}"
            texts = [t.replace(slot, word) for t in texts for word in vocab.WORD_SLOTS[element.type]]
    return texts


# Did you mean -------------------------------------------------------------------------------


def another_player_outside_event(span: Span) -> Diagnostic:
    return codes.ANOTHER_PLAYER_OUTSIDE_EVENT.diagnostic(
        "'another player' is only known while a card hears an event",
        span,
        "write 'each time after another player ...:' to hear them act; to read their counts anywhere, write 'most "
        "COUNT among other players' (or fewest, total) or 'other players with COUNT'",
    )


def unknown_phrase(text: str, span: Span, tokens: list[Token], kind: str, entries) -> Diagnostic:
    """A phrase of `kind` that is no entry of `entries`: the entry it most likely means."""
    if kind in ("event", "moment") and names_another_player(text):  # `at another player ...`: no actor
        return another_player_outside_event(span)
    wrong_word = unknown_slot_word(tokens, entries)
    if wrong_word is not None:
        return wrong_word
    unknown = f"unknown {KIND_NAMES[kind]} '{text}'"
    fitting = one_left_out(entries, tokens)
    if fitting:
        return codes.UNKNOWN_PHRASE.diagnostic(unknown, span, f"did you mean '{fitting}'?")
    miss = near_miss(entries, tokens)
    if miss is not None and isinstance(miss.element, str) and miss.token.kind == "word":
        return codes.UNKNOWN_PHRASE.diagnostic(
            unknown, miss.token.span, f"did you mean '{miss.element}' (as in '{vocab.readable(miss.entry.pattern)}')?"
        )
    close = closest_pattern(text, entries)
    help = f"did you mean '{vocab.readable(close)}'?" if close else f"'nus vocab {kind}' lists every {kind}"
    if (
        miss is not None
        and isinstance(miss.element, vocab.Slot)
        and miss.element.type == "amount"
        and any(miss.token.text == entry.pattern for entry in vocab.COUNTS)
    ):
        words = [f"({t.text})" if t is miss.token else t.text for t in tokens]
        help = f"a count as an amount goes in parentheses: '{' '.join(words)}'"
    return codes.UNKNOWN_PHRASE.diagnostic(unknown, span, help)


def unknown_slot_word(tokens: list[Token], entries) -> Diagnostic | None:
    """A phrase that is one entry but for a good, ship type or letter: name that word."""
    miss = near_miss(entries, tokens)
    if miss is None or not isinstance(miss.element, vocab.Slot) or miss.token.kind != "word":
        return None
    slot_type = miss.element.type
    if slot_type not in WORD_SLOT_NAMES:
        return None
    options = vocab.WORD_SLOTS[slot_type]
    return codes.UNKNOWN_WORD.diagnostic(
        f"unknown {WORD_SLOT_NAMES[slot_type]} '{miss.token.text}'",
        miss.token.span,
        suggestion(miss.token.text, options) or f"one of: {', '.join(options)}",
    )


def unknown_count(
    quantity: n.Quantity, tokens: list[Token], names: dict[str, str], in_event: bool, expected: str = ""
) -> Diagnostic:
    """A quantity that is no count; `names` are the other names in scope (locals, event fields) with their types.
    Where its place needs a type (`expected`: a number in an amount, a truth in a condition), only names of that
    type are offered: following the hint never leads to "the amount must be a number"."""
    words = " ".join(quantity.words)
    if words in vocab.GOODS or vocab.normalise(words) in vocab.GOODS:
        good = vocab.normalise(words)
        return codes.UNKNOWN_COUNT.diagnostic(
            f"'{words}' is a good, not a count", quantity.span, f"count it somewhere, e.g. '{good} in supply'"
        )
    if names_another_player(words) and not in_event:
        return another_player_outside_event(quantity.span)
    owners = [e.pattern for e in vocab.EVENTS if lookup_field(e.fields, quantity)]
    if owners:
        return codes.FIELD_OUTSIDE_HANDLER.diagnostic(
            f"'{words}' is only known while handling {either(owners)}",
            quantity.span,
            f"use it in 'each time ... {owners[0]}'",
        )
    counts = [entry for entry in vocab.TABLES["count"] if expected in ("", entry.result)]
    wrong_word = unknown_slot_word(tokens, counts)
    if wrong_word is not None:
        return wrong_word
    if words.lower() in vocab.NUMBER_WORDS:
        return codes.UNKNOWN_COUNT.diagnostic(
            f"'{words}' is not a count", quantity.span, "write numbers in digits, e.g. '4'"
        )
    if any(match(entry, tokens) is not None for entry in vocab.RULES):
        return codes.UNKNOWN_COUNT.diagnostic(
            f"'{words}' is a rule, not a count",
            quantity.span,
            f"a rule's value can be read only inside its own 'rule {words} = ...' (the value before that card)",
        )
    known = [text for e in counts for text in spelled_out(e)]
    known += [name for name, type_ in names.items() if expected in ("", type_)]
    elsewhere: dict[str, list[str]] = {}  # the fields of events not being heard here, of the type needed
    for event in vocab.EVENTS:
        for field_words, (_, type_) in event.fields.items():
            if field_words not in names and expected in ("", type_):
                elsewhere.setdefault(field_words, []).append(event.pattern)
    close = difflib.get_close_matches(words, known + list(elsewhere), n=1, cutoff=0.5)
    if close and close[0] in elsewhere:
        return codes.UNKNOWN_COUNT.diagnostic(
            f"unknown count '{words}'",
            quantity.span,
            f"did you mean '{close[0]}' ({meaning(close[0])})? It is known only while handling "
            f"{either(elsewhere[close[0]])}: 'nus vocab count' lists every count",
        )
    help = f"did you mean '{vocab.readable(close[0])}'?" if close else "'nus vocab count' lists every count"
    kept = {vocab.normalise(word) for word in close[0].split()} if close else set()
    left_out = [word for word in quantity.words if not difflib.get_close_matches(vocab.normalise(word), kept, 1, 0.75)]
    if close and left_out and meaning(close[0]):
        help = (
            f"did you mean '{vocab.readable(close[0])}' ({meaning(close[0])})? It does not say "
            f"'{' '.join(left_out)}': 'nus vocab count' lists every count"
        )
    return codes.UNKNOWN_COUNT.diagnostic(f"unknown count '{words}'", quantity.span, help)


def either(events: list[str]) -> str:
    """Events named as alternatives: "'build a ship' or 'build a building'"."""
    return " or ".join(f"'{event}'" for event in events)


def meaning(words: str) -> str:
    """The English of the count or event field written so ('' for a name of the card's own): what a hint that leaves
    a word out offers in its place."""
    for entry in vocab.EVENTS:
        if words in entry.fields:
            return entry.phrases[entry.fields[words][0]]
    for entry in vocab.TABLES["count"]:
        written = words.split()
        if len(entry.elements) == len(written) and words in spelled_out(entry):
            english = entry.english
            for element, word in zip(entry.elements, written, strict=True):
                if isinstance(element, vocab.Slot):
                    english = english.replace(f"{{{element.name}}}", word)
            return english
    return ""
