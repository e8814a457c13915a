"""A designer's project (issue 33): `nus init`, nus.toml found from the current directory upward, the project's
rules.toml, evaluation.toml and card faces read before the package's, checked as card text is, and named with
their content hash by every report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compiler.cli import main
from runtime.model.data import DataFile, package_file
from tests.kit.rulebook import ROOT
from tests.print.sheets_kit import requires_weasyprint

DECK = (ROOT / "cards.nus").read_text(encoding="utf-8")


def nus(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """A project with editable copies of the rules and the evaluation, the current directory inside it."""
    folder = tmp_path / "mine"
    assert main(["init", str(folder), "--with", "rules,evaluation"]) == 0
    capsys.readouterr()
    monkeypatch.chdir(folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# nus init ---------------------------------------------------------------------------------------------------------


def test_init_copies_the_deck_and_names_it_in_nus_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = nus(capsys, "init", str(tmp_path / "deck"))
    assert (code, err) == (0, "")
    assert sorted(p.name for p in (tmp_path / "deck").iterdir()) == ["cards.nus", "nus.toml"]
    assert (tmp_path / "deck" / "cards.nus").read_text(encoding="utf-8") == DECK
    settings = (tmp_path / "deck" / "nus.toml").read_text(encoding="utf-8")
    assert 'cards = "cards.nus"' in settings.splitlines()
    assert '# rules = "rules.toml"' in settings  # the others are a line to uncomment
    assert out.splitlines()[-1] == f"next: cd {tmp_path / 'deck'} && nus check && nus test"


def test_init_empty_starts_with_one_sample_card_that_checks_and_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert nus(capsys, "init", str(tmp_path / "new"), "--empty")[0] == 0
    monkeypatch.chdir(tmp_path / "new")
    assert nus(capsys, "check") == (0, "cards.nus: 1 card, no errors\n", "")
    code, out, _ = nus(capsys, "test")
    assert code == 0 and out.startswith("1 passed in ")


def test_init_with_copies_the_package_files_to_edit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert nus(capsys, "init", str(tmp_path / "p"), "--with", "rules, evaluation,faces")[0] == 0
    folder = tmp_path / "p"
    assert (folder / "rules.toml").read_text(encoding="utf-8") == package_file("rules.toml").text
    assert (folder / "evaluation.toml").read_text(encoding="utf-8") == package_file("evaluation.toml").text
    faces = sorted(p.relative_to(folder).as_posix() for p in (folder / "faces").rglob("*") if p.is_file())
    assert faces == [
        "faces/card_face.html.j2",
        "faces/card_faces.css",
        *(f"faces/card_symbols/{good}.svg" for good in ("fish", "gold", "guest", "wood")),
    ]
    settings = (folder / "nus.toml").read_text(encoding="utf-8").splitlines()
    assert [line.split("#")[0].strip() for line in settings[2:]] == [
        'cards = "cards.nus"',
        'rules = "rules.toml"',
        'evaluation = "evaluation.toml"',
        'faces = "faces"',
    ]


def test_init_never_overwrites_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "cards.nus").write_text("# mine\n", encoding="utf-8")
    code, out, err = nus(capsys, "init", str(folder))
    assert (code, out) == (2, "")
    assert (
        err
        == f"nus: error: {folder / 'cards.nus'} already exists; nus init never overwrites a file: choose another DIR\n"
    )
    assert [p.name for p in folder.iterdir()] == ["cards.nus"]
    assert (folder / "cards.nus").read_text(encoding="utf-8") == "# mine\n"


def test_init_refuses_a_copy_it_does_not_have(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["init", str(tmp_path / "p"), "--with", "rules,colours"])
    assert exited.value.code == 2
    assert "no file 'colours' to copy; choose from rules, evaluation, faces" in capsys.readouterr().err
    assert not (tmp_path / "p").exists()


# nus.toml ---------------------------------------------------------------------------------------------------------


def test_nus_toml_is_found_from_a_folder_below_it(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "notes" / "deeper").mkdir(parents=True)
    monkeypatch.chdir(project / "notes" / "deeper")
    assert nus(capsys, "check") == (0, "../../cards.nus: 96 cards, no errors\n", "")


def test_nus_toml_names_another_card_file(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "cards.nus").rename(project / "trout.nus")
    edit(project / "nus.toml", 'cards = "cards.nus"', 'cards = "trout.nus"')
    assert nus(capsys, "check") == (0, "trout.nus: 96 cards, no errors\n", "")


def test_an_unknown_key_of_nus_toml_is_a_diagnostic(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "nus.toml").write_text('cards = "cards.nus"\nrule = "rules.toml"\n', encoding="utf-8")
    assert nus(capsys, "check") == (
        1,
        "",
        "nus.toml:2:1: error[E0402]: 'rule' is no key of nus.toml\n"
        "  |\n"
        '2 | rule = "rules.toml"\n'
        "  | ^^^^\n"
        "help: its keys are cards, rules, evaluation, faces\n"
        "nus.toml: 1 error\n",
    )


# The project's data files: checked as card text is ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message", "column", "width", "help"),
    [
        (
            "wood_limit = 12 ",
            "wood_limt = 12 ",
            "[E0402]: 'wood_limt' is no key of rules.toml",
            1,
            9,
            "did you mean 'wood_limit'?",
        ),
        ("wood_limit = 12 ", "wood_limit = -3 ", "[E0404]: wood_limit is at least 0, not -3", 1, 10, ""),
        ("rounds = 7 ", "rounds = 15 ", "[E0404]: rounds is at most 14, not 15", 1, 6, ""),
        ("rounds = 7 ", 'rounds = "7"', "[E0403]: rounds is a whole number, not '7'", 1, 6, ""),
        (
            "gold = [1, 1, 2, 2, 3]",
            "gold = [1, 1, 2]",
            "[E0405]: spaces.gold gives 3 values, not one for each of the 5 player counts",
            1,
            4,
            "one value for each game of 1 to 5 players, in that order",
        ),
        ("rounds = 7 ", "rounds 7 ", "[E0401]: expected '=' after a key in a key/value pair", 8, 1, ""),
    ],
    ids=["unknown key", "out of range", "above its most", "wrong kind", "wrong length", "not TOML"],
)
def test_a_problem_in_the_projects_rules_is_a_diagnostic_at_its_line(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    old: str,
    new: str,
    message: str,
    column: int,
    width: int,
    help: str,
) -> None:
    """Before any game is played, exit 1, every part of the diagnostic as a card's: file:line:col, the line, a caret."""
    edit(project / "rules.toml", old, new)
    lines = (project / "rules.toml").read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith(new))
    gutter = " " * len(str(number))
    expected = [
        f"rules.toml:{number}:{column}: error{message}",
        f"{gutter} |",
        f"{number} | {lines[number - 1]}",
        f"{gutter} | {' ' * (column - 1)}{'^' * width}",
        *([f"help: {help}"] if help else []),
        "rules.toml: 1 error",
    ]
    assert nus(capsys, "simulate", "--games", "1") == (1, "", "\n".join(expected) + "\n")


def test_a_key_the_evaluation_does_not_have_is_a_diagnostic(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(
        project / "evaluation.toml",
        "guest = 0.15\n\n# Goods in the Reserve",
        "guest = 0.15\nsteel = 1\n\n# Goods in the Reserve",
    )
    code, out, err = nus(capsys, "balance", "--games", "1", "--card", "Cabin")
    assert (code, out) == (1, "")
    assert err.startswith("evaluation.toml:21:1: error[E0402]: 'steel' is no key of [supply] of evaluation.toml\n")
    assert "help: its keys are wood, fish, gold, guest\n" in err


# The project's data files change what the commands do ------------------------------------------------------------


def last_round_played(log: Path) -> set[int]:
    """The Round of the last worker turn of each game of a `nus simulate --log` file."""
    games = log.read_text(encoding="utf-8").split("# seed ")[1:]
    return {max(int(round_) for round_ in re.findall(r"^R(\d+)T", game, re.M)) for game in games}


def test_an_edited_project_rules_toml_changes_what_simulate_plays(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert nus(capsys, "simulate", "--games", "3", "--jobs", "1", "--log", "seven.log")[0] == 0
    assert last_round_played(project / "seven.log") == {7}
    edit(project / "rules.toml", "rounds = 7 ", "rounds = 3 ")
    for jobs in ("1", "2"):  # worker processes read the project's rules too
        code, out, _ = nus(capsys, "simulate", "--games", "3", "--jobs", jobs, "--log", f"three-{jobs}.log")
        assert code == 0 and last_round_played(project / f"three-{jobs}.log") == {3}
    digest = DataFile("rules.toml", "", (project / "rules.toml").read_text("utf-8")).digest
    assert out.splitlines()[-1].startswith(f"data files: rules.toml {digest} (project: rules.toml), evaluation.toml ")


def test_rules_given_for_one_run_stand_over_the_projects(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "short.toml").write_text("rounds = 2\n", encoding="utf-8")
    log = project / "short.log"
    code, out, _ = nus(
        capsys, "simulate", "--games", "2", "--jobs", "1", "--rules", str(tmp_path / "short.toml"), "--log", str(log)
    )
    assert code == 0 and last_round_played(log) == {2}
    short = DataFile("rules.toml", "", "rounds = 2\n").digest
    assert f"data files: rules.toml {short} (project: {tmp_path / 'short.toml'}), " in out


def balance_cost(capsys: pytest.CaptureFixture[str], *options: str) -> tuple[float, list[dict]]:
    code, out, _ = nus(
        capsys, "balance", "--games", "2", "--jobs", "1", "--card", "Cabin", "--format", "json", *options
    )
    assert code == 0
    report = json.loads(out)
    return report["cards"][0]["cost"], report["data_files"]


@pytest.mark.slow
def test_an_edited_evaluation_toml_changes_the_cost_column(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("scipy")
    cost, files = balance_cost(capsys)
    assert cost == pytest.approx(0.35)  # Cabin costs 1 wood and 1 fish: 0.25 + 0.1
    edit(project / "evaluation.toml", "wood = 0.25", "wood = 1.25")
    changed, changed_files = balance_cost(capsys)
    assert changed == pytest.approx(1.35)
    assert [entry["file"] for entry in files] == ["rules.toml", "evaluation.toml"]
    assert files[0] == changed_files[0]  # the rules did not change
    assert files[1]["path"] == "evaluation.toml" and files[1]["from"] == "project"
    assert files[1]["sha256"] != changed_files[1]["sha256"]


def test_the_reference_names_the_data_files_it_was_read_with(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert nus(capsys, "docs", "-o", "ref")[0] == 0
    markdown = (project / "ref" / "cards.md").read_text(encoding="utf-8")
    page = (project / "ref" / "index.html").read_text(encoding="utf-8")
    rules = re.search(r"rules\.toml ([0-9a-f]{12}) \(project: rules\.toml\)", markdown)
    assert rules and rules[0] in page


@requires_weasyprint
def test_an_edited_project_css_changes_the_rendered_face(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pypdfium2")
    from PIL import Image

    assert nus(capsys, "init", str(tmp_path / "p"), "--with", "faces")[0] == 0
    monkeypatch.chdir(tmp_path / "p")

    def face(out: str) -> tuple[tuple[int, int, int], str]:
        code, said, _ = nus(capsys, "cards", "--card", "Cabin", "--png", "--dpi", "50", "-o", out)
        assert code == 0
        image = Image.open(f"{out}/cards/A601.png").convert("RGB")
        return image.getpixel((2, image.height * 2 // 3)), said  # the face's margin, beside the text

    before, said = face("before")
    assert before == (251, 246, 234)  # the package's #fbf6ea
    assert re.search(r"made with the project's faces [0-9a-f]{12}", said)
    edit(Path("faces/card_faces.css"), "inset: 0; background: #fbf6ea;", "inset: 0; background: #ff0000;")
    after, _ = face("after")
    assert after == (255, 0, 0)
