"""Where faces and crop marks sit on the paper: nine cards to a page, in millimetres.

Cards touch at their bleed edges; crop marks extend every trim line into the page margin, clear of the
bleed, so cutting along them leaves each card at its exact size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
COLUMNS = ROWS = 3
MARK_GAP = 1.0  # between the outermost bleed edge and a crop mark
MARK_LENGTH = 5.0
MARK_MIN = 2.0  # a mark shorter than this cannot guide a cut
MARK_WIDTH = 0.1


class SheetError(ValueError):
    """Cards of this size and bleed do not fit nine to a page with room for crop marks."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Sheet:
    paper: str
    width: float
    height: float
    card_width: float
    card_height: float
    bleed: float

    @property
    def per_page(self) -> int:
        return COLUMNS * ROWS

    @property
    def slot(self) -> tuple[float, float]:
        return self.card_width + 2 * self.bleed, self.card_height + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        """The top left corner of the grid of slots (card plus bleed), centred on the page."""
        slot_width, slot_height = self.slot
        return (self.width - COLUMNS * slot_width) / 2, (self.height - ROWS * slot_height) / 2

    def slots(self) -> list[Rect]:
        """Each card's box including its bleed, row by row."""
        (x0, y0), (slot_width, slot_height) = self.origin, self.slot
        return [
            Rect(x0 + column * slot_width, y0 + row * slot_height, slot_width, slot_height)
            for row in range(ROWS)
            for column in range(COLUMNS)
        ]

    def trim_lines(self) -> tuple[list[float], list[float]]:
        """The x of every vertical and the y of every horizontal cut."""
        (x0, y0), (slot_width, slot_height) = self.origin, self.slot
        xs = sorted({x0 + c * slot_width + self.bleed + edge for c in range(COLUMNS) for edge in (0, self.card_width)})
        ys = sorted({y0 + r * slot_height + self.bleed + edge for r in range(ROWS) for edge in (0, self.card_height)})
        return xs, ys

    def marks(self) -> list[Rect]:
        """Crop marks: every trim line continued into the margins on both sides of the grid."""
        (x0, y0), (slot_width, slot_height) = self.origin, self.slot
        length = min(MARK_LENGTH, x0 - MARK_GAP, y0 - MARK_GAP)
        right, bottom = x0 + COLUMNS * slot_width, y0 + ROWS * slot_height
        xs, ys = self.trim_lines()
        half = MARK_WIDTH / 2
        found = []
        for x in xs:
            found.append(Rect(x - half, y0 - MARK_GAP - length, MARK_WIDTH, length))
            found.append(Rect(x - half, bottom + MARK_GAP, MARK_WIDTH, length))
        for y in ys:
            found.append(Rect(x0 - MARK_GAP - length, y - half, length, MARK_WIDTH))
            found.append(Rect(right + MARK_GAP, y - half, length, MARK_WIDTH))
        return found


def sheet(paper: str, card_width: float, card_height: float, bleed: float) -> Sheet:
    width, height = PAPERS[paper]
    laid = Sheet(paper, width, height, card_width, card_height, bleed)
    margin = min(laid.origin)
    if margin < MARK_GAP + MARK_MIN:
        most = largest_bleed(width, height, card_width, card_height)
        hint = f"a bleed of at most {most:.1f} mm fits" if most >= 0 else "choose smaller cards"
        raise SheetError(
            f"{COLUMNS} x {ROWS} cards of {card_width:g} x {card_height:g} mm with a {bleed:g} mm bleed leave no room "
            f"for crop marks on {PAPER_NAMES[paper]} paper: {hint}"
        )
    return laid


def largest_bleed(width: float, height: float, card_width: float, card_height: float) -> float:
    """In whole tenths of a millimetre, rounded down so that the bleed suggested really fits."""
    room = MARK_GAP + MARK_MIN
    exact = min(
        ((width - 2 * room) / COLUMNS - card_width) / 2,
        ((height - 2 * room) / ROWS - card_height) / 2,
    )
    return math.floor(exact * 10 + 1e-9) / 10
