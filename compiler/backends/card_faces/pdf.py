"""Card faces to PDF through the editable templates, with the text fitted to each card.

The templates, CSS and symbols are the package's (compiler/backends/templates), each under the designer's own copy
when the project has a faces folder (`nus init --with faces`): a file there is read instead of the package's.

Fitting reads WeasyPrint's layout boxes: a region marked `data-fit` overflows when any box inside it
reaches past its content box. Overflowing regions step down through the template's sizes, probed on
their own; the final layout is checked again, so a card that cannot fit is reported, never cut.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, PackageLoader, StrictUndefined

from compiler.backends.card_faces.faces import Face
from compiler.backends.card_faces.sheets import Rect, Sheet
from compiler.backends.escape import visible

if TYPE_CHECKING:
    from weasyprint.document import Document

SHEET_TEMPLATE = "card_sheet.html.j2"
FACE_TEMPLATE = "card_face.html.j2"
TOLERANCE = 0.05  # CSS px: rounding in the layout, far below anything visible
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Placed:
    """A face and its place in the selection, which the layout reports overflow by."""

    index: int
    face: Face


@dataclass(frozen=True)
class Overflow:
    face: Face
    region: str
    size: float  # the smallest size tried, in pt


@dataclass(frozen=True)
class Printed:
    pdf: bytes
    pages: int
    overflows: list[Overflow]


def environment(faces: Path | None = None) -> Environment:
    """The templates' environment (the project's faces folder first): autoescaped, and with `visible`, which shows a
    control character of a name as the terminal and the reference show it (`\\x07`), where a font has no glyph for
    it and prints an empty box."""
    loader: BaseLoader = PackageLoader("compiler.backends", "templates")
    if faces is not None:
        loader = ChoiceLoader([FileSystemLoader(faces), loader])
    env = Environment(
        loader=loader,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["visible"] = visible
    return env


class Layout:
    """Renders faces onto sheets; one instance per print run."""

    def __init__(self, sheet: Sheet, footer: str, title: str, faces: Path | None = None):
        self.sheet = sheet
        self.footer = footer
        self.title = title
        self.faces = faces
        self.env = environment(faces)
        self.sizes: dict[str, list[float]] = self.env.get_template(FACE_TEMPLATE).module.fit_sizes

    def html(self, placed: list[Placed], steps: list[dict[str, int]]) -> str:
        per_page = self.sheet.per_page
        slots = self.sheet.slots()
        pages = [
            [(slots[i % per_page], card, steps[card.index]) for i, card in enumerate(placed[start : start + per_page])]
            for start in range(0, len(placed), per_page)
        ]
        return self.env.get_template(SHEET_TEMPLATE).render(
            sheet=self.sheet, marks=self.sheet.marks(), pages=pages, footer=self.footer, source=self.title
        )

    def document(self, placed: list[Placed], steps: list[dict[str, int]]) -> Document:
        from weasyprint import HTML

        root = templates()
        fetcher = local_fetcher(root, self.faces)
        html = HTML(string=self.html(placed, steps), base_url=root.as_uri() + "/", url_fetcher=fetcher)
        return html.render()

    def fitted(self, faces: list[Face], say: Callable[[str], None] = lambda step: None) -> Printed:
        """The sheets with every region fitted; `say` hears each step (`nus cards` shows it on a terminal)."""
        placed = [Placed(i, face) for i, face in enumerate(faces)]
        steps = [dict.fromkeys(self.sizes, 0) for _ in faces]
        say(f"laying out {len(faces)} cards")
        document = self.document(placed, steps)
        probing = overflowing(document)
        changed = False
        while True:
            movable = {(i, region) for i, region in probing if steps[i][region] + 1 < len(self.sizes[region])}
            if not movable:
                break
            say(f"fitting the text of {len({i for i, _ in movable})} cards a size smaller")
            for i, region in movable:
                steps[i][region] += 1
            changed = True
            probing = overflowing(self.document([placed[i] for i in sorted({i for i, _ in movable})], steps))
        if changed:
            say(f"laying out {len(faces)} cards again")
            document = self.document(placed, steps)
        overflows = [
            Overflow(faces[i], region, self.sizes[region][steps[i][region]])
            for i, region in sorted(overflowing(document))
        ]
        say("writing the PDF")
        return Printed(document.write_pdf(), len(document.pages), overflows)


def templates() -> Path:
    return Path(str(files("compiler.backends") / "templates")).resolve()


def local_fetcher(root: Path, faces: Path | None = None):
    """A fetcher for the template's own files (the goods' symbols) and nothing else; a file the project's faces
    folder has is read from there."""
    from weasyprint.urls import URLFetcher

    base = root.as_uri() + "/"

    class TemplateFiles(URLFetcher):
        def fetch(self, url, headers=None):
            if not url.startswith(base):
                raise ValueError(f"card sheets load only files beside their templates, not {url}")
            own = faces.resolve() / url.removeprefix(base) if faces is not None else None
            if own is not None and own.is_relative_to(faces.resolve()) and own.is_file():
                url = own.as_uri()
            return super().fetch(url, headers)

    return TemplateFiles(allowed_protocols={"file"})


def overflowing(document: Document) -> set[tuple[int, str]]:
    """(card index, region) for every `data-fit` region some box inside reaches out of."""
    found: set[tuple[int, str]] = set()
    for page in document.pages:
        walk(page._page_box, None, None, found)
    return found


def walk(box, card: int | None, parent_element, found: set[tuple[int, str]]) -> None:
    element = getattr(box, "element", None)
    if element is not None and element is not parent_element:
        if element.get("data-card") is not None:
            card = int(element.get("data-card"))
        region = element.get("data-fit")
        if region is not None and card is not None and spills(box):
            found.add((card, region))
    for child in getattr(box, "children", None) or ():
        walk(child, card, element, found)


def spills(frame) -> bool:
    left, top = frame.content_box_x(), frame.content_box_y()
    right, bottom = left + frame.width, top + frame.height
    return any(
        box.position_x < left - TOLERANCE
        or box.position_y < top - TOLERANCE
        or box.position_x + box.margin_width() > right + TOLERANCE
        or box.position_y + box.margin_height() > bottom + TOLERANCE
        for box in descendants(frame)
    )


def descendants(box):
    for child in getattr(box, "children", None) or ():
        yield child
        yield from descendants(child)


def page_images(pdf: bytes, dpi: int) -> list:
    """Each page as a PIL image (pypdfium2 rasterises; no system tools needed)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.render(scale=dpi / 72).to_pil() for page in document]
    finally:
        document.close()


def card_images(pages: list, sheet: Sheet, count: int, dpi: int) -> list[bytes]:
    """Each card cut from its page image with its bleed, as PNG bytes, in selection order."""
    slots = sheet.slots()
    images = []
    for index in range(count):
        page = pages[index // sheet.per_page]
        images.append(png(page.crop(pixels(slots[index % sheet.per_page], dpi))))
    return images


def pixels(rect: Rect, dpi: int) -> tuple[int, int, int, int]:
    """The crop box: every card the same size in pixels wherever it sits on the page."""
    scale = dpi / MM_PER_INCH
    left, top = round(rect.x * scale), round(rect.y * scale)
    return left, top, left + round(rect.width * scale), top + round(rect.height * scale)


def png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
