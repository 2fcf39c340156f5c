"""``tvm-lsp format [--check] [--diff] PATH...``: the server's formatting rules applied to
files, written atomically, with ruff's exit codes (issue 11, item 6)."""

from __future__ import annotations

import os
import pathlib
import stat
import subprocess

from lsp_server_client import SERVER

HEADER = "from tvm_tirx.script import tirx as T\n\n\n"
UNFORMATTED = (HEADER + "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
               "    x = A[0]\n    A[1] = x\n\n\nprint(\"host code stays\")\n")
FORMATTED = UNFORMATTED.replace("    x = A[0]", "    x: T.let[T.int32] = A[0]")
# Apache TVM's spelling before 0.27 (`T.block`), which no oracle prints: formatting leaves it.
# (A definition in 0.27's spelling is formatted in it: test_format_verdict.py.)
APACHE = ('from tvm.script import tir as T\n\n\n@T.prim_func\n'
          'def g(A: T.Buffer((4,), "int32")):\n    for i in T.serial(4):\n'
          '        with T.block("b"):\n            A[i] = 1\n')
APACHE_NOTE = "apache.py: left alone: g (older-spelling: uses T.block)\n"


def run(*args, cwd):
    return subprocess.run([str(SERVER), "format", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def files(tmp_path: pathlib.Path) -> None:
    (tmp_path / "a.py").write_text(UNFORMATTED)
    (tmp_path / "apache.py").write_text(APACHE)
    (tmp_path / "plain.py").write_text("x = 1\n")


def test_check_lists_what_would_change_and_writes_nothing(tmp_path) -> None:
    files(tmp_path)
    result = run("--check", ".", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == (
        "Would reformat: a.py\n"
        "1 file would be reformatted, 1 file already formatted, 1 file without TVMScript\n")
    assert result.stderr == APACHE_NOTE
    assert (tmp_path / "a.py").read_text() == UNFORMATTED
    (tmp_path / "a.py").write_text(FORMATTED)
    clean = run("--check", "a.py", cwd=tmp_path)
    assert (clean.returncode, clean.stdout) == (
        0, "0 files would be reformatted, 1 file already formatted\n")


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path) -> None:
    files(tmp_path)
    result = run("--diff", "a.py", "apache.py", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == (
        "--- a.py\n+++ a.py\n@@ -3,7 +3,7 @@\n \n @T.function\n"
        " def f(A: T.Tensor((4,), T.int32)):\n-    x = A[0]\n+    x: T.let[T.int32] = A[0]\n"
        "     A[1] = x\n \n \n")
    # the summary goes to stderr: stdout is the diff alone, ready for `patch`
    assert result.stderr == APACHE_NOTE + (
        "1 file would be reformatted, 1 file already formatted\n")
    assert (tmp_path / "a.py").read_text() == UNFORMATTED
    patched = subprocess.run(["patch", "-p0", "--dry-run"], input=result.stdout, text=True,
                             capture_output=True, cwd=tmp_path)
    assert patched.returncode == 0, patched.stdout


def test_diff_of_two_distant_changes_has_two_hunks_and_colour_on_demand(tmp_path) -> None:
    middle = "".join(f"y{k} = {k}\n" for k in range(10))
    second = UNFORMATTED[len(HEADER):].replace("def f", "def h").replace(
        '\n\nprint("host code stays")\n', "")
    text = UNFORMATTED.replace('print("host code stays")\n', middle + "\n\n" + second)
    (tmp_path / "two.py").write_text(text)
    result = run("--diff", "two.py", cwd=tmp_path)
    hunks = [line for line in result.stdout.splitlines() if line.startswith("@@")]
    assert hunks == ["@@ -3,7 +3,7 @@", "@@ -21,5 +21,5 @@"]
    patched = subprocess.run(["patch", "-p0", "-o", "-"], input=result.stdout, text=True,
                             capture_output=True, cwd=tmp_path)
    assert patched.stdout.endswith(text.replace("    x = A[0]", "    x: T.let[T.int32] = A[0]"))
    coloured = run("--diff", "--color", "always", "two.py", cwd=tmp_path)
    assert "\x1b[1;31m-    x = A[0]\x1b[0m\n" in coloured.stdout
    assert "\x1b[32m+    x: T.let[T.int32] = A[0]\x1b[0m\n" in coloured.stdout
    env = dict(os.environ, NO_COLOR="1")
    plain = subprocess.run([str(SERVER), "format", "--diff", "--color", "auto", "two.py"],
                           capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert "\x1b[" not in plain.stdout


def test_writes_in_place_keeping_mode_and_is_idempotent(tmp_path) -> None:
    files(tmp_path)
    os.chmod(tmp_path / "a.py", 0o640)
    result = run(".", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == (
        "1 file reformatted, 1 file left unchanged, 1 file without TVMScript\n")
    assert (tmp_path / "a.py").read_text() == FORMATTED
    assert stat.S_IMODE((tmp_path / "a.py").stat().st_mode) == 0o640
    assert (tmp_path / "apache.py").read_text() == APACHE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.py", "apache.py", "plain.py"]
    again = run(".", cwd=tmp_path)
    assert again.stdout == "0 files reformatted, 2 files left unchanged, 1 file without TVMScript\n"


def test_an_unwritable_folder_is_an_error_and_leaves_the_file_whole(tmp_path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "a.py").write_text(UNFORMATTED)
    os.chmod(folder, 0o555)
    try:
        if os.access(folder, os.W_OK):  # root ignores the mode: use a read-only bind instead
            result = subprocess.run(
                ["unshare", "-m", "sh", "-c",
                 f"mount --bind -o ro {folder} {folder} && exec {SERVER} format {folder}/a.py"],
                capture_output=True, text=True, timeout=120)
        else:
            result = run(folder / "a.py", cwd=tmp_path)
    finally:
        os.chmod(folder, 0o755)
    assert result.returncode == 2
    assert result.stderr == (
        f"tvm-lsp: {folder}/a.py: cannot create a temporary file in the folder: "
        "Read-only file system\n")
    assert (folder / "a.py").read_text() == UNFORMATTED
    assert [p.name for p in folder.iterdir()] == ["a.py"]


def test_a_symbolic_link_is_not_replaced(tmp_path) -> None:
    (tmp_path / "real.py").write_text(UNFORMATTED)
    (tmp_path / "link.py").symlink_to(tmp_path / "real.py")
    result = run("link.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "tvm-lsp: link.py: not a regular file (a symbolic link is not written)\n")
    assert (tmp_path / "link.py").is_symlink()
    assert (tmp_path / "real.py").read_text() == UNFORMATTED


def test_errors_and_usage_exit_2(tmp_path) -> None:
    missing = run("nowhere.py", cwd=tmp_path)
    assert (missing.returncode, missing.stderr) == (
        2, "tvm-lsp: nowhere.py: no such file or folder\n")
    usage = run(cwd=tmp_path)
    assert usage.returncode == 2
    assert usage.stderr.splitlines()[0] == "tvm-lsp: format needs a file or folder"
    unknown = run("--frobnicate", ".", cwd=tmp_path)
    assert unknown.stderr.splitlines()[0] == 'tvm-lsp: unknown argument "--frobnicate" for format'
    big = tmp_path / "big.py"
    big.write_bytes(b"# " + b"x" * (16 << 20) + b"\n")
    too_big = run("big.py", cwd=tmp_path)
    assert too_big.returncode == 2
    assert too_big.stderr == (
        f"tvm-lsp: big.py: the file has {(16 << 20) + 3} bytes, more than the limit of "
        f"{16 << 20}\n")


def test_a_file_with_errors_is_left_alone_with_why(tmp_path) -> None:
    bad = HEADER + "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = nothing\n"
    (tmp_path / "bad.py").write_text(bad)
    result = run("--check", "bad.py", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stderr == (
        "bad.py: left alone: f (errors: the definition has errors, so its IR leaves "
        "statements out)\n")
    assert (tmp_path / "bad.py").read_text() == bad


def test_the_main_job_s_format_check_of_the_examples() -> None:
    repo = pathlib.Path(__file__).resolve().parents[3]
    result = run("--check", "examples/tvmscript/", cwd=repo)
    assert result.returncode == 1
    assert result.stdout == (repo / "examples/tvmscript/expected_format_check.txt").read_text()


def test_a_worker_that_cannot_start_is_exit_2_naming_the_file(tmp_path) -> None:
    (tmp_path / "a.py").write_text(UNFORMATTED)
    result = run("--worker", "/nonexistent/tvm-lsp-worker", "a.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "tvm-lsp: a.py: it could not be analysed (the worker failed): cannot start "
        "/nonexistent/tvm-lsp-worker: No such file or directory\n")
    assert (tmp_path / "a.py").read_text() == UNFORMATTED
