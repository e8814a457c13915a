"""Near-valid card files, made by mutating the real cards.nus: what a designer's editor holds most of the time.
The fuzz tests feed them to the compiler, the cache tests compare a cached check of them with one from nothing."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

REAL = (Path(__file__).resolve().parents[2] / "cards.nus").read_text(encoding="utf-8")
REAL_LINES = REAL.split("\n")
CARD_STARTS = [i for i, line in enumerate(REAL_LINES) if line.startswith(("building ", "elder "))]


def mutated(draw: st.DrawFn, lines: list[str]) -> str:
    """Delete, duplicate or swap lines and tokens, insert characters, then maybe truncate."""
    lines = list(lines)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "token", "insert", "dedent"]))
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(j, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "dedent":
            lines[i] = lines[i][draw(st.integers(0, 6)) :]
        elif kind == "token":
            words = lines[i].split(" ")
            k = draw(st.integers(0, len(words) - 1))
            action = draw(st.sampled_from(["delete", "duplicate", "replace"]))
            if action == "delete":
                del words[k]
            elif action == "duplicate":
                words.insert(k, words[k])
            else:
                other = draw(st.sampled_from(REAL_LINES)).split(" ")
                words[k] = draw(st.sampled_from(other))
            lines[i] = " ".join(words)
        else:
            column = draw(st.integers(0, len(lines[i])))
            inserted = draw(st.text(min_size=1, max_size=3))
            lines[i] = lines[i][:column] + inserted + lines[i][column:]
        if not lines:
            lines = [""]
    text = "\n".join(lines)
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@st.composite
def mutated_cards(draw: st.DrawFn) -> str:
    """A run of up to eight consecutive cards of the real file, mutated (the whole file takes a third of a second
    to compile, too slow for hundreds of examples)."""
    first = draw(st.sampled_from(CARD_STARTS))
    return mutated(draw, REAL_LINES[first : first + draw(st.integers(1, 60))])


@st.composite
def mutated_file(draw: st.DrawFn) -> str:
    """The whole real file with such a run mutated in place: the cards around it, unchanged, still quote its names,
    share its codes and hook its events."""
    first = draw(st.sampled_from(CARD_STARTS))
    end = first + draw(st.integers(1, 60))
    return "\n".join([*REAL_LINES[:first], mutated(draw, REAL_LINES[first:end]), *REAL_LINES[end:]])
