"""What a generated module holds. Its own small module: the load stage names a part to run without importing the
generator, which a file whose compiled code is in the on-disk cache never needs."""

from __future__ import annotations

from enum import Enum


class Part(Enum):
    """The cards (what simulation loads), the cards with each condition's explaining twin (`nus trace`), or the
    worked examples (what `nus test` runs)."""

    CARDS = "cards"
    TRACED_CARDS = "traced cards"
    EXAMPLES = "examples"
