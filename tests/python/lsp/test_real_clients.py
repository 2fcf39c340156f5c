"""Real editors against the real ``tvm-lsp --stdio`` (issue 11, item 7): headless Neovim 0.7.2
and Emacs 28 with eglot in batch mode, both Debian packages that scripts/setup.sh installs.
Each opens a TVMScript file, waits for diagnostics, hovers and formats
(tests/clients/nvim_session.lua, tests/clients/eglot_session.el), and the test checks what
the editor shows: its diagnostics with the editor's own positions (Neovim counts bytes, Emacs
characters: the `Ä` before the error tells them apart from UTF-16), the hover text it renders
(Markdown in Neovim, plain text in eglot without markdown-mode) and the buffer after the
formatting edits are applied."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess


ROOT = pathlib.Path(__file__).resolve().parents[3]
BUILD = pathlib.Path(os.environ["TVM_LSP_BUILD_DIR"])
SERVER = BUILD / "lsp" / "tvm-lsp"
CLIENTS = ROOT / "tests" / "clients"

SOURCE = '''from tvm_tirx.script import tirx as T


@T.function
def scale(Ä: T.Tensor((8,), "float32"), B: T.Tensor((8,), T.int32)):
    for i in range(8):
        B[i] = Ä[i] // 0.5


@T.function
def double(A: T.Tensor((8,), "float32")):
    for i in range(8):
        A[i] = A[i]   *   2.0
'''

# The definition with an error is left alone; the other one is rewritten to the canonical form.
FORMATTED = SOURCE.replace('''def double(A: T.Tensor((8,), "float32")):
    for i in range(8):
        A[i] = A[i]   *   2.0''', '''def double(A: T.Tensor((8,), T.float32)):
    for i in range(8):
        A[i] = A[i] * T.float32(2.0)''')
MESSAGE = "Operator `//` needs integer operands, got `float32`"
# Without markdown-mode, eglot asks for plain text (hover.contentFormat), and gets it.
HOVER_PLAIN = "A[i]\n\nprim.TensorLoad: T.float32"


def _editor(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} is not installed: scripts/setup.sh installs it (Debian package)"
    return found


def _run(command, tmp_path: pathlib.Path, env: dict) -> dict:
    output = tmp_path / "out.json"
    result = subprocess.run(command, cwd=tmp_path, env={**os.environ, **env,
                                                         "TVM_LSP_OUTPUT": str(output)},
                            capture_output=True, text=True, timeout=180)
    assert output.exists(), f"the editor wrote nothing:\n{result.stdout}\n{result.stderr}"
    return json.loads(output.read_text(encoding="utf-8"))


def test_neovim_shows_the_diagnostics_hover_and_formatting(tmp_path) -> None:
    source = tmp_path / "kernel.py"
    source.write_text(SOURCE, encoding="utf-8")
    settings = (f"lua TVM_LSP_SERVER={json.dumps(str(SERVER))}; "
                f"TVM_LSP_OUTPUT={json.dumps(str(tmp_path / 'out.json'))}; "
                "TVM_LSP_HOVER={13, 16}")
    shown = _run([_editor("nvim"), "--headless", "-u", "NONE", "-i", "NONE", "-n", str(source),
                  "-c", settings, "-c", f"luafile {CLIENTS / 'nvim_session.lua'}"],
                 tmp_path, {})
    assert "error" not in shown, shown.get("error")
    assert shown["position_encoding"] == "utf-16"
    # Line 7 of the file, bytes 15..27: `Ä` is one UTF-16 unit and two bytes.
    assert shown["diagnostics"] == [{"lnum": 6, "col": 15, "end_lnum": 6, "end_col": 27,
                                     "severity": 1, "code": "type-error", "message": MESSAGE}]
    assert shown["hover"] == ["A[i]", "─" * 30, "`prim.TensorLoad`: `T.float32`"]
    assert shown["formatted"] == FORMATTED.splitlines()


def test_emacs_eglot_shows_the_diagnostics_hover_and_formatting(tmp_path) -> None:
    source = tmp_path / "kernel.py"
    source.write_text(SOURCE, encoding="utf-8")
    shown = _run([_editor("emacs"), "--batch", "-Q", "-l", str(CLIENTS / "eglot_session.el")],
                 tmp_path, {"TVM_LSP_SERVER": str(SERVER), "TVM_LSP_FILE": str(source),
                            "TVM_LSP_HOVER": "13:16"})
    assert "error" not in shown, shown.get("error")
    # Line 7, characters 15..26 (Emacs counts characters).
    assert shown["diagnostics"] == [{"line": 7, "column": 15, "end_line": 7, "end_column": 26,
                                     "type": "eglot-error",
                                     "text": f"tvm-lsp [type-error]: {MESSAGE}"}]
    assert shown["hover"] == HOVER_PLAIN
    assert shown["formatted"] == FORMATTED
    assert source.read_text(encoding="utf-8") == SOURCE  # formatting edits the buffer only
