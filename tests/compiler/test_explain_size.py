"""`nus explain` of a card with thousands of worked examples (issue 36 §4): it shows the card with its first few
examples, says how many more there are, and never compiles, prints or runs the rest (10,000 examples printed 20 MB
after two minutes)."""

from __future__ import annotations

import pytest

from compiler.cli import explain_command, main

HEAD = 'building "Hut" (trout A601)\n  cost 1 wood\n  vp 1\n  when built:\n    take 1 fish\n'
EXAMPLE = (
    '  example "a fish {n}":\n    given fish in supply = 0\n    do build this building\n    expect fish in supply = 1\n'
)
OTHER = 'building "Shed" (trout A602)\n  cost 1 wood\n  vp 2\n' + EXAMPLE.format(n="shed")


def test_a_card_with_ten_thousand_examples_is_explained_with_its_first_few(tmp_path, capsys, monkeypatch) -> None:
    path = tmp_path / "many.nus"
    path.write_text(HEAD + "".join(EXAMPLE.format(n=n) for n in range(10_000)) + "\n" + OTHER, encoding="utf-8")
    compiled: list[str] = []
    compile_text = explain_command.compile_text

    def counting(text: str, name: str):
        compiled.append(text)
        return compile_text(text, name)

    monkeypatch.setattr(explain_command, "compile_text", counting)
    assert main(["explain", str(path), "Hut"]) == 0
    out = capsys.readouterr().out
    shown = explain_command.SHOWN_EXAMPLES
    assert [f"title: a fish {n}" in out for n in (0, shown - 1, shown)] == [True, True, False]
    assert f"... and {10_000 - shown:,} more examples, not shown here (nus test {path} runs them)" in out
    assert len(out) < 4_000 * shown and "# Its worked examples start from this table" in out
    assert compiled and all(text.count('  example "') == shown + 1 for text in compiled)  # and the Shed's one
    assert all(len(text.splitlines()) == len(path.read_text().splitlines()) for text in compiled)  # lines kept


@pytest.mark.parametrize("examples", [0, 1, 3])
def test_a_card_with_few_examples_is_explained_whole(tmp_path, capsys, examples: int) -> None:
    path = tmp_path / "few.nus"
    path.write_text(HEAD + "".join(EXAMPLE.format(n=n) for n in range(examples)), encoding="utf-8")
    assert main(["explain", str(path), "A601"]) == 0
    out = capsys.readouterr().out
    assert out.count("title: a fish") == examples and "more examples" not in out
    assert ("# Its worked examples start from this table" in out) == bool(examples)


def test_an_error_in_an_example_shown_is_reported_with_its_line(tmp_path, capsys) -> None:
    path = tmp_path / "broken.nus"
    broken = EXAMPLE.format(n=1).replace("fish in supply = 1", "fsh in supply = 1")
    path.write_text(HEAD + EXAMPLE.format(n=0) + broken, encoding="utf-8")
    assert main(["explain", str(path), "Hut"]) == 1
    assert f"{path}:13:12: error" in capsys.readouterr().err
