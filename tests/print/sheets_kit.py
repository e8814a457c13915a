"""Running `nus cards` in-process and reading its PDF back: text per card, and rectangles in millimetres."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable

import pytest

from compiler.cli import main

MM_PER_POINT = 25.4 / 72
A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
CARD = (63.0, 88.0)
THIN = 0.3  # mm: anything thinner than this is a line, not an area


def weasyprint_problem() -> str:
    """Why WeasyPrint cannot run here, or '' when it can (it needs Pango from the system)."""
    try:
        import weasyprint  # noqa: F401
    except ImportError:
        return "WeasyPrint is not installed (pip install '.[test]')"
    except OSError as error:
        return f"WeasyPrint cannot load Pango: {error}"
    return ""


without_weasyprint = pytest.mark.skipif(bool(weasyprint_problem()), reason=weasyprint_problem() or "-")


def requires_weasyprint(test: Callable) -> Callable:
    """A test that lays out sheets: slow, and skipped with the reason where WeasyPrint cannot run."""
    return pytest.mark.slow(without_weasyprint(test))


def run_cards(*args: str) -> tuple[int, str, str]:
    said, complained = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(complained):
        status = main(["cards", *args])
    return status, said.getvalue(), complained.getvalue()


def grid(paper: tuple[float, float], bleed: float = 0.0) -> list[tuple[float, float]]:
    """Where the nine card slots (card plus bleed) of a page should start: a 3 x 3 grid centred on the paper."""
    width, height = CARD[0] + 2 * bleed, CARD[1] + 2 * bleed
    left, top = (paper[0] - 3 * width) / 2, (paper[1] - 3 * height) / 2
    return [(left + column * width, top + row * height) for row in range(3) for column in range(3)]


def rects_mm(page) -> list[tuple[float, float, float, float]]:
    """Every filled rectangle on a page as (left, top, width, height) in mm from the top left corner."""
    return [
        (r["x0"] * MM_PER_POINT, r["top"] * MM_PER_POINT, r["width"] * MM_PER_POINT, r["height"] * MM_PER_POINT)
        for r in page.rects
    ]


def marks(page) -> list[tuple[float, float, float, float]]:
    return [r for r in rects_mm(page) if min(r[2], r[3]) < THIN]


def text_in(page, left: float, top: float, width: float, height: float) -> str:
    """The characters inside a region of the page in the order they are drawn, without white space: a name
    wrapped over two lines still reads as one run, not interleaved with its neighbours on the same line."""
    box = (left / MM_PER_POINT, top / MM_PER_POINT, (left + width) / MM_PER_POINT, (top + height) / MM_PER_POINT)
    return squeezed("".join(char["text"] for char in page.within_bbox(box).chars))


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)
