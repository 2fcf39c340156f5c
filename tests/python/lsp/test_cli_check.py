"""``tvm-lsp check``: the worker's diagnostics for files and folders, as text with carets or
as JSON, with the exit codes CI reads (issue 11, item 6; text colour, .gitignore and progress
are not done yet)."""

from __future__ import annotations

import json
import pathlib
import subprocess

from lsp_server_client import SERVER

REPO = pathlib.Path(__file__).resolve().parents[3]

BAD = ('from tvm_tirx.script import tirx as T\n\n@T.function\n'
       'def f(A: T.Tensor((4,), T.int32)):\n    x = "é"; A[0] = nothing\n')
GOOD = ('from tvm_tirx.script import tirx as T\n\n@T.function\n'
        'def g(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n')


def check(*args, cwd=None):
    return subprocess.run([str(SERVER), "check", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_text_output_has_positions_codes_source_and_carets(tmp_path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "bad.py").write_text(BAD)
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "plain.py").write_text("x = nothing\n")  # not TVMScript: not checked
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "skipped.py").write_text(BAD)
    result = check(".", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == (
        "pkg/bad.py:5:21: error [name-error] name 'nothing' is not defined\n"
        '      x = "é"; A[0] = nothing\n'
        "                      ^^^^^^^\n"
        "1 error, 0 other diagnostics in 2 TVMScript files\n")
    assert result.stderr == ""


def test_json_output_and_exit_zero(tmp_path) -> None:
    (tmp_path / "bad.py").write_text(BAD)
    result = check("--output-format", "json", "--exit-zero", tmp_path / "bad.py")
    assert result.returncode == 0
    assert json.loads(result.stdout) == [{
        "file": str(tmp_path / "bad.py"), "line": 5, "column": 21, "end_line": 5,
        "end_column": 28, "severity": "error", "code": "name-error",
        "message": "name 'nothing' is not defined"}]


def test_clean_files_exit_0_and_missing_paths_exit_2(tmp_path) -> None:
    (tmp_path / "good.py").write_text(GOOD)
    result = check(tmp_path)
    assert (result.returncode, result.stdout) == (
        0, "0 errors, 0 other diagnostics in 1 TVMScript file\n")
    missing = check(tmp_path / "nowhere")
    assert missing.returncode == 2
    assert missing.stderr == f"tvm-lsp: {tmp_path / 'nowhere'}: no such file or folder\n"
    usage = check()
    assert usage.returncode == 2
    assert usage.stderr.splitlines()[0] == "tvm-lsp: check needs a file or folder"
    bad_format = check("--output-format", "xml", tmp_path)
    assert bad_format.stderr.splitlines()[0] == (
        'tvm-lsp: --output-format is text or json, got "xml"')


def test_the_main_job_s_check_of_the_examples() -> None:
    result = check("--exit-zero", "examples/tvmscript/", cwd=REPO)
    assert result.returncode == 0
    assert result.stdout == (REPO / "examples" / "tvmscript" / "expected_check.txt").read_text()
