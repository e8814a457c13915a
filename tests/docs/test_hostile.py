"""Card names and example titles that are markup, script or line breaks land as inert text everywhere.

The reference is built from a card file of hostile names; the page is loaded in headless Chromium
(no script of theirs runs: the title stays, nothing is logged, the names show literally) and the
Markdown is rendered by a CommonMark renderer with raw HTML allowed (no tag, link or emphasis appears).
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from compiler.backends.escape import visible
from compiler.cli import main
from tests.docs.test_browser import CHROMIUM, load

HOSTILE = [
    "<img src=x onerror=document.title='PWNED'>",
    "</script><script>document.title='PWNED'</script>",
    "a\rb \u2028 c\u2029d",
    "**b** [l](javascript:x) `c` ~~s~~ # &amp; <!--",
    "- 1. > |x| ```",
    "\\<b>not bold</b>",
]


SOURCE = "*hostile* _[x]_ `<i>`.nus"  # the path lands in the reference too


def hostile_file(path: Path) -> Path:
    text = "".join(
        f'building "{name}" (trout A{601 + index})\n'
        "  cost 1 wood\n  vp 0\n"
        f"  # Ruling: {name}\n"
        "  when built:\n    take 1 wood\n"
        f'  example "{name}":\n'
        "    given wood in supply = 1, gold in supply = 0\n"
        "    do build this building\n    expect wood in supply = 1\n\n"
        for index, name in enumerate(HOSTILE)
    )
    path.write_text(text, encoding="utf-8", newline="")
    return path


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hostile")
    assert main(["docs", str(hostile_file(out / SOURCE)), "-o", str(out)]) == 0
    return out


class Texts(HTMLParser):
    """The text inside each element of the given tags, and every tag seen."""

    def __init__(self, tags: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.tags, self.seen, self.found, self.open = tags, [], {t: [] for t in tags}, []

    def handle_starttag(self, tag: str, attrs) -> None:
        self.seen.append((tag, dict(attrs)))
        if tag in self.tags:
            self.open.append([tag, ""])

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == tag:
            name, text = self.open.pop()
            self.found[name].append(text)

    def handle_data(self, data: str) -> None:
        for entry in self.open:
            entry[1] += data


def parsed(html: str, tags: set[str]) -> Texts:
    parser = Texts(tags)
    parser.feed(html)
    return parser


def test_markdown_renders_hostile_names_as_plain_text(reference: Path) -> None:
    markdown = (reference / "cards.md").read_text(encoding="utf-8")
    html = MarkdownIt("commonmark", {"html": True}).enable("strikethrough").enable("table").render(markdown)
    page = parsed(html, {"h4", "pre", "p", "a", "blockquote"})
    assert page.found["h4"] == [f"{visible(name)} (A{601 + index})" for index, name in enumerate(HOSTILE)]
    assert page.found["a"][: len(HOSTILE)] == [visible(name) for name in HOSTILE]  # the contents
    assert [" ".join(quote.split()) for quote in page.found["blockquote"]] == [
        " ".join(f"Ruling: {visible(name)} ({reference / SOURCE}:{4 + 11 * index})".split())
        for index, name in enumerate(HOSTILE)
    ]
    tags = {tag for tag, _ in page.seen}
    assert tags <= {"h1", "h2", "h3", "h4", "p", "em", "strong", "code", "pre", "a", "ul", "li", "blockquote"}
    assert all(attrs.get("href", "#").startswith("#") for tag, attrs in page.seen if tag == "a")
    assert [text for text in page.found["p"] if text.startswith("Example")] == [
        f"Example ({reference / SOURCE}:{7 + 11 * index}): {visible(name)}" for index, name in enumerate(HOSTILE)
    ]
    assert [text.split("\n")[0] for text in page.found["pre"]] == [f'example "{visible(name)}":' for name in HOSTILE]


def test_json_keeps_the_names_exactly(reference: Path) -> None:
    cards = json.loads((reference / "cards.json").read_text(encoding="utf-8"))
    assert [card["name"] for card in cards] == HOSTILE


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_page_runs_no_script_of_theirs_and_shows_the_names(reference: Path, tmp_path: Path) -> None:
    dom, console = load(reference / "index.html", "", tmp_path)
    assert console == []
    page = parsed(dom, {"title", "h4", "summary", "pre", "aside"})
    assert page.found["title"] == ["Nusfjord card reference"]
    assert page.found["h4"] == [visible(name) for name in HOSTILE]
    assert [" ".join(text.split()) for text in page.found["aside"]] == [
        " ".join(f"Ruling: {visible(name)} {reference / SOURCE}:{4 + 11 * index}".split())
        for index, name in enumerate(HOSTILE)
    ]
    assert [text for text in page.found["summary"]] == [f"Example: {visible(name)}" for name in HOSTILE]
    assert not [tag for tag, _ in page.seen if tag in {"img", "b"}]
    assert [tag for tag, _ in page.seen].count("script") == len(re_scripts(reference / "index.html"))
    assert '<pre id="errors"></pre>' in dom


def re_scripts(page: Path) -> list[str]:
    """The page's own script elements, as written by the template."""
    return [line for line in page.read_text(encoding="utf-8").splitlines() if line.lstrip().startswith("<script")]
