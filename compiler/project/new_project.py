"""What `nus init DIR` writes: a card file, a nus.toml naming it, and on request editable copies of the package's
data files (rules.toml, evaluation.toml, the card-face templates), which every command then reads before the
package's own."""

from __future__ import annotations

from importlib.resources import files
from pathlib import PurePosixPath

from runtime.model.data import EVALUATION, RULES, package_file

COPIES = ("rules", "evaluation", "faces")  # what --with may name
FACE_FILES = ("card_face.html.j2", "card_faces.css")  # the look of one face; the sheet's layout stays the package's

SAMPLE = """# My cards: `nus check` checks them, `nus test` runs their examples, `nus build` writes the reference.

building "Smokehouse" (trout A699)
  cost 2 wood
  vp 1
  when built:
    take 2 fish

  example "building it brings 2 fish":
    given wood in supply = 2, fish in supply = 0
    do build this building
    answer column 2 row 1
    expect fish in supply = 2, wood in supply = 0
"""


def settings_text(copies: set[str]) -> str:
    """nus.toml: the card file, and each data file the project has (a line to uncomment for the others)."""
    lines = [
        "# A nus project: every nus command run in this folder (or below it) reads these files.",
        "# Paths are relative to this file. A data file left out is the package's own.",
        'cards = "cards.nus"',
    ]
    for key, path, about in (
        ("rules", RULES, "the base game's numbers, over the package's"),
        ("evaluation", EVALUATION, "the rates nus balance prices cards by"),
        ("faces", "faces", "card-face template, CSS and symbols for nus cards"),
    ):
        line = f'{key} = "{path}"' if key in copies else f'# {key} = "{path}"'
        lines.append(f"{line:<32} # {about}")
    return "\n".join(lines) + "\n"


def project_files(empty: bool, copies: set[str]) -> dict[PurePosixPath, bytes]:
    """Every file of a new project by its path inside the project's folder."""
    deck = files("compiler.project").joinpath("deck.nus").read_text(encoding="utf-8")
    made = {
        PurePosixPath("cards.nus"): (SAMPLE if empty else deck).encode("utf-8"),
        PurePosixPath("nus.toml"): settings_text(copies).encode("utf-8"),
    }
    if "rules" in copies:
        made[PurePosixPath(RULES)] = package_file(RULES).text.encode("utf-8")
    if "evaluation" in copies:
        made[PurePosixPath(EVALUATION)] = package_file(EVALUATION).text.encode("utf-8")
    if "faces" in copies:
        templates = files("compiler.backends").joinpath("templates")
        for name in FACE_FILES:
            made[PurePosixPath("faces", name)] = templates.joinpath(name).read_bytes()
        for symbol in sorted(templates.joinpath("card_symbols").iterdir(), key=lambda entry: entry.name):
            made[PurePosixPath("faces", "card_symbols", symbol.name)] = symbol.read_bytes()
    return made
