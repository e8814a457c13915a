"""The VS Code extension (editors/vscode): its manifest names files that exist and agree with the language, and
`npm ci && npm run package` (README's command) makes a .vsix holding them and the language client."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.kit.rulebook import ROOT

FOLDER = ROOT / "editors" / "vscode"
MANIFEST = json.loads((FOLDER / "package.json").read_text(encoding="utf-8"))


def test_the_manifest_contributes_the_language_its_grammar_and_the_server_command() -> None:
    [language] = MANIFEST["contributes"]["languages"]
    assert (language["id"], language["extensions"]) == ("nus", [".nus"])
    [grammar] = MANIFEST["contributes"]["grammars"]
    assert grammar["language"] == "nus"
    assert json.loads((FOLDER / grammar["path"]).read_text(encoding="utf-8"))["scopeName"] == grammar["scopeName"]
    configuration = json.loads((FOLDER / language["configuration"]).read_text(encoding="utf-8"))
    assert configuration["comments"] == {"lineComment": "#"}
    assert configuration["brackets"] == [["(", ")"], ["[", "]"]]
    assert (FOLDER / MANIFEST["main"]).is_file()
    assert MANIFEST["contributes"]["configuration"]["properties"]["nus.server.command"]["default"] == ["nus", "lsp"]
    assert "vscode-languageclient" in MANIFEST["dependencies"]
    assert MANIFEST["scripts"]["package"].startswith("vsce package ")
    assert (FOLDER / "package-lock.json").is_file()  # npm ci installs exactly what was tested


def test_the_extension_starts_nus_lsp_as_its_setting_says() -> None:
    source = (FOLDER / "extension.js").read_text(encoding="utf-8")
    assert 'get("server.command", ["nus", "lsp"])' in source
    assert 'require("vscode-languageclient/node")' in source
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (Debian: nodejs)")
    assert subprocess.run([node, "--check", str(FOLDER / "extension.js")], capture_output=True).returncode == 0


@pytest.mark.slow
def test_npm_packages_the_extension_into_a_vsix(tmp_path: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed (Debian: npm)")
    work = tmp_path / "vscode"
    shutil.copytree(FOLDER, work, ignore=shutil.ignore_patterns("node_modules", "*.vsix"))
    for step in (["ci", "--no-audit", "--no-fund"], ["run", "package"]):
        done = subprocess.run([npm, *step], cwd=work, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
    with zipfile.ZipFile(work / "nus.vsix") as vsix:
        names = set(vsix.namelist())
        packaged = json.loads(vsix.read("extension/package.json"))
        listing = vsix.read("extension.vsixmanifest").decode("utf-8")
    for name in ("package.json", "extension.js", "language-configuration.json", "syntaxes/nus.tmLanguage.json"):
        assert f"extension/{name}" in names
    assert "extension/node_modules/vscode-languageclient/package.json" in names
    assert packaged["contributes"] == MANIFEST["contributes"]
    assert 'Id="nus"' in listing and 'Version="0.1.0"' in listing
