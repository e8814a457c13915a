"""The error a card's text raises in play, in a module of its own: `nus` catches it around every command, and a
command that runs no card (`nus check`) need not import the cards' model to do so."""


class CardError(Exception):
    """A card's text that checked clean went wrong in play (not an illegal move): `nus` reports it like a
    diagnostic, naming the card and its line, instead of a traceback."""
