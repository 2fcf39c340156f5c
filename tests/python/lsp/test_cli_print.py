"""``tvm-lsp print FILE [--def NAME]``: the canonical text of a file's definitions (issue 11,
item 6)."""

from __future__ import annotations

import pathlib
import subprocess

from lsp_server_client import SERVER

TWO = ("from tvm_tirx.script import tirx as T\n\n\n"
       "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    x = A[0]\n    A[1] = x\n\n\n"
       "@T.function\ndef g(A: T.Tensor((4,), T.int32)):\n    for i in T.serial(4):\n"
       "        A[i] = 1\n")
F = ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    x: T.let[T.int32] = A[0]\n"
     "    A[1] = x\n")
G = "@T.function\ndef g(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n        A[i] = 1\n"


def run(*args, cwd):
    return subprocess.run([str(SERVER), "print", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_every_definition_in_canonical_form(tmp_path) -> None:
    (tmp_path / "two.py").write_text(TWO)
    result = run("two.py", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, F + "\n\n" + G, "")


def test_one_definition_by_name(tmp_path) -> None:
    (tmp_path / "two.py").write_text(TWO)
    result = run("two.py", "--def", "g", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, G)
    unknown = run("two.py", "--def", "h", cwd=tmp_path)
    assert unknown.returncode == 2
    assert unknown.stdout == ""
    assert unknown.stderr == (
        'tvm-lsp: two.py: no definition named "h"; its definitions are f and g\n')


def test_a_definition_with_errors_has_no_canonical_text(tmp_path) -> None:
    (tmp_path / "bad.py").write_text(TWO.replace("x = A[0]", "x = nothing"))
    result = run("bad.py", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == G
    assert result.stderr == (
        "tvm-lsp: bad.py:4: f has errors, so it has no canonical text "
        "(tvm-lsp check bad.py lists them)\n")


def test_files_that_cannot_be_printed_and_usage(tmp_path) -> None:
    (tmp_path / "plain.py").write_text("x = 1\n")
    assert run("plain.py", cwd=tmp_path).stderr == "tvm-lsp: plain.py: it holds no TVMScript\n"
    missing = run("nowhere.py", cwd=tmp_path)
    assert (missing.returncode, missing.stderr) == (
        2, "tvm-lsp: nowhere.py: No such file or directory\n")
    folder = run(".", cwd=tmp_path)
    assert folder.returncode == 2
    assert folder.stderr == "tvm-lsp: .: Is a directory\n"
    two = run("a.py", "b.py", cwd=tmp_path)
    assert (two.returncode, two.stderr.splitlines()[0]) == (
        2, "tvm-lsp: print takes exactly one file, got 2")
    no_name = run("plain.py", "--def", cwd=tmp_path)
    assert no_name.stderr.splitlines()[0] == "tvm-lsp: --def needs a value"


def test_the_main_job_s_print_of_an_example() -> None:
    repo = pathlib.Path(__file__).resolve().parents[3]
    result = run("--def", "relu", "examples/tvmscript/vector_add.py", cwd=repo)
    assert result.returncode == 0
    assert result.stdout == (repo / "examples/tvmscript/expected_print.txt").read_text()
