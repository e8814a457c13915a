"""Generated cards played in whole games (issue 36 §2): a card that checks clean must run clean.

`cards.py` writes well-typed cards from the grammar's shapes and the vocabulary's entries, `draws.py` is where its
random choices come from (recorded, so a failing card can be drawn again and shrunk), `games.py` puts a card in play
and plays a seeded game with the invariant checker after every step, `shrink.py` makes a failing card minimal, and
`python -m tests.fuzz` runs a long batch (`--help`)."""
