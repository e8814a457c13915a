"""`nus cards FILE -o DIR`: print-and-play sheets of card faces (cards.pdf, and PNGs with --png)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.backends.card_faces.faces import (
    Face,
    SelectionError,
    card_names,
    changed,
    face,
    listing_of,
    select,
    version,
)
from compiler.backends.card_faces.sheets import PAPER_NAMES, PAPERS, Sheet, SheetError, sheet
from compiler.checking.vocabulary import LETTERS
from compiler.cli.common import (
    ERRORS,
    OK,
    UsageError,
    compile_file,
    output_directory,
    positive,
    report,
    shown_name,
    writing,
)
from compiler.cli.output import refuse_inputs, write_all
from compiler.cli.project_files import card_file_command, needs, not_installed
from compiler.cli.terminal import status
from compiler.diagnostics import printable
from compiler.project.data_files import folder_digest
from runtime.model.data import RULES, project_files
from runtime.wording import counted


def register(commands) -> None:
    help = "write print-and-play card sheets: cards.pdf (and PNGs)"
    command = card_file_command(commands, "cards", run, help, output=True)
    needs(command, "print", "weasyprint", "pypdfium2")
    command.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size (default a4)")
    command.add_argument(
        "--size", type=card_size, default=(63.0, 88.0), metavar="WxH", help="card size in mm (default 63x88)"
    )
    command.add_argument("--bleed", type=millimetres, default=0.0, metavar="MM", help="colour beyond the cut (mm)")
    command.add_argument("--deck", action="append", metavar="DECK", help="only this deck (repeatable)")
    command.add_argument("--letter", action="append", choices=LETTERS, help="only this letter (repeatable)")
    command.add_argument(
        "--card", action="append", dest="cards", metavar="NAME", help="only this card, by name or code (repeatable)"
    )
    command.add_argument(
        "--cards", action="extend", type=card_names, metavar='"NAME, NAME"', help="only these cards, comma-separated"
    )
    command.add_argument("--changed-since", metavar="OLD", help="only cards whose face differs from this card file's")
    command.add_argument("--png", action="store_true", help="also one PNG per card and per sheet")
    command.add_argument("--dpi", type=positive, default=300, metavar="N", help="PNG resolution (default 300)")


def card_size(text: str) -> tuple[float, float]:
    try:
        width, height = (float(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("expected WIDTHxHEIGHT in mm, like 63x88") from None
    if width <= 0 or height <= 0:
        raise argparse.ArgumentTypeError("a card needs a positive width and height")
    return width, height


def millimetres(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a number of millimetres") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must not be negative")
    return value


def run(args: argparse.Namespace) -> int:
    pdf = print_backend()  # before any work: WeasyPrint's system libraries may be missing
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    faces = chosen(args, compiled.program.cards)
    if faces is None:
        return ERRORS
    if not faces:
        unchanged = f": no face differs from {args.changed_since}" if args.changed_since else ""
        print(printable(f"no card to print{unchanged}"))
        return OK
    try:
        laid = sheet(args.paper, *args.size, args.bleed)
    except SheetError as error:
        raise UsageError(str(error)) from None
    out = Path(args.output)
    inputs = [Path(args.file)] + ([Path(args.changed_since)] if args.changed_since else [])
    targets = [out / "cards.pdf", *(out / "cards" / f"{f.code}.png" for f in faces if args.png)]
    writing(lambda: refuse_inputs(targets, inputs), out)
    name = shown_name(Path(args.file).name)
    with status(f"laying out {counted(len(faces), 'card')}") as say:
        printed = pdf.Layout(laid, footer(name, text, args.faces), name, args.faces).fitted(faces, say)
        outputs = {out / "cards.pdf": printed.pdf}
        if args.png:
            say(f"drawing {counted(len(faces), 'PNG')} at {args.dpi} dpi")
            outputs |= images(pdf, printed.pdf, laid, faces, out, args.dpi)
    write_files(outputs, inputs, args.output)
    tell(args, out, printed, len(faces), len(outputs) - 1)
    return ERRORS if printed.overflows else OK


def footer(name: str, text: str, faces: Path | None) -> str:
    """The card file and its content hash, so printed cards of two versions cannot be mixed up unnoticed; with a
    project's own rules.toml or faces, a second hash of those (`nus cards` names each file with its own hash)."""
    made_with = project_data(faces)
    if not made_with:
        return f"{name} · {version(text)}"
    return f"{name} · {version(text)}+{version(' '.join(made_with))[:6]}"


def project_data(faces: Path | None) -> list[str]:
    """Each of the project's own files the faces depend on, with its hash: `rules.toml 9e8cb4e4a23d`."""
    found = [f"{file.kind} {file.digest}" for file in project_files() if file.kind == RULES]
    if faces is not None:
        found.append(f"faces {folder_digest(faces)[:12]}")
    return found


def tell(args: argparse.Namespace, out: Path, printed, faces: int, images: int) -> None:
    """What was written (paths escaped, as everything reaching the terminal), and every card that did not fit."""
    pages = counted(printed.pages, f"{PAPER_NAMES[args.paper]} page")
    print(printable(f"wrote {out / 'cards.pdf'}: {counted(faces, 'card')} on {pages}"))
    if args.png:
        print(printable(f"wrote {counted(images, 'PNG')} in {out / 'cards'} and {out / 'sheets'}"))
    made_with = project_data(args.faces)
    if made_with:
        print(printable(f"made with the project's {', '.join(made_with)} (the footer's second hash)"))
    for overflow in printed.overflows:
        print(overflow_message(overflow), file=sys.stderr)


def chosen(args: argparse.Namespace, cards) -> list[Face] | None:
    """The faces to print, or None when the earlier card file of --changed-since has errors (reported)."""
    try:
        faces = [face(card, tuple(cards)) for card in select(cards, args.deck, args.letter, args.cards, args.file)]
    except SelectionError as error:
        raise UsageError(str(error)) from None
    if not args.changed_since:
        return faces
    old_text, old = compile_file(args.changed_since)
    if not report(args.changed_since, old_text, old):
        return None
    return changed(faces, [face(card, old.program.cards) for card in old.program.cards])


def overflow_message(overflow) -> str:
    card = f"{listing_of([overflow.face.name])} ({overflow.face.code})"
    return (
        f"nus cards: {card} does not fit: its {overflow.region} overflows even at {overflow.size:g}pt; "
        "shorten it, or give that region more room in card_faces.css"
    )


PANGO = ("libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz-subset0", "fonts-dejavu-core")  # README names them


def print_backend():
    """The PDF layer needs WeasyPrint (and its system libraries) and pypdfium2, both optional."""
    try:
        import pypdfium2  # noqa: F401
        import weasyprint  # noqa: F401
    except ImportError as error:
        raise UsageError(not_installed("cards", "print", [error.name or "weasyprint"])) from None
    except OSError as error:
        raise UsageError(
            f"WeasyPrint cannot load its system libraries: {error} (on Debian: apt install {' '.join(PANGO)})"
        ) from None
    from compiler.backends.card_faces import pdf

    return pdf


def images(pdf, document: bytes, laid: Sheet, faces, out: Path, dpi: int) -> dict[Path, bytes]:
    pages = pdf.page_images(document, dpi)
    cards = pdf.card_images(pages, laid, len(faces), dpi)
    found = {out / "cards" / f"{f.code}.png": image for f, image in zip(faces, cards, strict=True)}
    found |= {out / "sheets" / f"sheet-{number:02}.png": pdf.png(page) for number, page in enumerate(pages, 1)}
    return found


def write_files(outputs: dict[Path, bytes], inputs: list[Path], output: str) -> None:
    """All sheets and images together, or none of them (compiler.cli.output)."""
    out = output_directory(output)
    for folder in {path.parent for path in outputs}:
        writing(lambda folder=folder: folder.mkdir(parents=True, exist_ok=True), out)
    writing(lambda: write_all(outputs, inputs), out)
