"""How ``tvm-lsp check`` and ``format`` walk folders: ``.gitignore`` files (patterns, ``!``,
``/`` anchoring, ``**``, ``dir/``, nested files, parents up to the repository root),
``--exclude`` / ``--extend-exclude``, colour and progress on a terminal only (issue 11,
item 6)."""

from __future__ import annotations

import os
import pathlib
import pty
import select
import subprocess
import time

from lsp_server_client import SERVER

SOURCE = ("from tvm_tirx.script import tirx as T\n\n\n@T.function\n"
          "def f(A: T.Tensor((4,), T.int32)):\n    x = A[0]\n    A[1] = x\n")
BAD = SOURCE.replace("x = A[0]", "x = nothing")


def tree(root: pathlib.Path, *paths: str) -> None:
    for path in paths:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(SOURCE)


def found(root: pathlib.Path, *args: str, cwd: pathlib.Path | None = None) -> list[str]:
    """The files `format --check` finds (every file in these trees would change)."""
    result = subprocess.run([str(SERVER), "format", "--check", *args], capture_output=True,
                            text=True, cwd=cwd or root, timeout=120)
    assert result.returncode in (0, 1), result.stderr
    return [line.removeprefix("Would reformat: ") for line in result.stdout.splitlines()
            if line.startswith("Would reformat: ")]


def test_patterns_negation_and_directory_only(tmp_path) -> None:
    tree(tmp_path, "a.py", "gen_a.py", "gen_keep.py", "out/x.py", "out.py", "sub/out/y.py",
         "sub/z.py")
    (tmp_path / ".gitignore").write_text(
        "# generated\n\ngen_*.py\n!gen_keep.py\nout/\n")
    assert found(tmp_path, ".") == ["a.py", "gen_keep.py", "out.py", "sub/z.py"]


def test_anchoring_and_double_star(tmp_path) -> None:
    tree(tmp_path, "build.py", "sub/build.py", "docs/x/deep/t.py", "docs/t.py", "lib/a/b/c.py",
         "lib/c.py", "keep/c.py")
    (tmp_path / ".gitignore").write_text("/build.py\ndocs/**/t.py\nlib/**\n")
    assert found(tmp_path, ".") == ["keep/c.py", "sub/build.py"]
    (tmp_path / ".gitignore").write_text("**/c.py\n[bd]*/t.py\n")
    assert found(tmp_path, ".") == ["build.py", "docs/x/deep/t.py", "sub/build.py"]


def test_nested_gitignore_files_apply_below_their_folder(tmp_path) -> None:
    tree(tmp_path, "a.py", "b.py", "pkg/a.py", "pkg/b.py", "pkg/inner/b.py")
    (tmp_path / ".gitignore").write_text("b.py\n")
    (tmp_path / "pkg" / ".gitignore").write_text("!b.py\n/a.py\n")
    assert found(tmp_path, ".") == ["a.py", "pkg/b.py", "pkg/inner/b.py"]
    # walking the sub-folder alone still reads the parent's file, up to the repository root
    (tmp_path / ".git").mkdir()
    assert found(tmp_path, "pkg") == ["pkg/b.py", "pkg/inner/b.py"]
    assert found(tmp_path, "pkg", "--no-respect-gitignore") == [
        "pkg/a.py", "pkg/b.py", "pkg/inner/b.py"]


def test_no_repository_means_parent_files_do_not_apply(tmp_path) -> None:
    tree(tmp_path, "pkg/b.py")
    (tmp_path / ".gitignore").write_text("b.py\n")
    # tmp_path has no .git above it, so its .gitignore does not reach into a walk of pkg/...
    assert found(tmp_path, "pkg") == ["pkg/b.py"]
    # ...but a walk from tmp_path reads it
    assert found(tmp_path, ".") == []


def test_exclude_replaces_the_default_and_extend_exclude_adds(tmp_path) -> None:
    tree(tmp_path, "a.py", ".hidden/h.py", "__pycache__/c.py", "vendor/v.py", "tests/t_1.py",
         "tests/deep/t_2.py")
    assert found(tmp_path, ".") == ["a.py", "tests/deep/t_2.py", "tests/t_1.py", "vendor/v.py"]
    assert found(tmp_path, ".", "--extend-exclude", "vendor", "--extend-exclude",
                 "tests/t_*.py") == ["a.py", "tests/deep/t_2.py"]
    assert found(tmp_path, ".", "--exclude", "vendor") == [
        ".hidden/h.py", "__pycache__/c.py", "a.py", "tests/deep/t_2.py", "tests/t_1.py"]
    # a file named on the command line is taken even when a pattern would exclude it
    assert found(tmp_path, "vendor/v.py", "--extend-exclude", "vendor") == ["vendor/v.py"]


def test_hostile_trees_do_not_hang_the_walk(tmp_path) -> None:
    tree(tmp_path, "a.py", "loop/b.py")
    (tmp_path / "loop" / "again").symlink_to(tmp_path / "loop")  # a link cycle
    name = "a" * 200 + ".py"
    tree(tmp_path, name)
    # a pattern that backtracks exponentially without memoisation
    (tmp_path / ".gitignore").write_text("*a" * 40 + "b\n" + "[" * 5000 + "\n" + "!\n/\n")
    start = time.monotonic()
    assert found(tmp_path, ".") == ["a.py", name, "loop/b.py"]
    assert time.monotonic() - start < 20


def test_colour_on_a_terminal_only_and_no_color(tmp_path) -> None:
    (tmp_path / "bad.py").write_text(BAD)
    plain = subprocess.run([str(SERVER), "check", "bad.py"], capture_output=True, text=True,
                           cwd=tmp_path, timeout=120)
    assert "\x1b[" not in plain.stdout  # a pipe, not a terminal
    coloured = subprocess.run([str(SERVER), "check", "--color", "always", "bad.py"],
                              capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert coloured.stdout.splitlines()[0] == (
        "\x1b[1mbad.py\x1b[0m:6:9: \x1b[1;31merror\x1b[0m [\x1b[36mname-error\x1b[0m] "
        "name 'nothing' is not defined")
    bad_choice = subprocess.run([str(SERVER), "check", "--color", "sometimes", "bad.py"],
                                capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert bad_choice.returncode == 2
    assert bad_choice.stderr.splitlines()[0] == (
        'tvm-lsp: --color is auto, always or never, got "sometimes"')
    assert "\x1b[" in run_on_terminal(tmp_path, {}, "check", "bad.py")
    assert "\x1b[" not in run_on_terminal(tmp_path, {"NO_COLOR": "1"}, "check", "bad.py")


def run_on_terminal(cwd: pathlib.Path, env: dict, *args: str) -> str:
    """Runs the server with stdout and stderr on a pseudo-terminal; what it wrote there."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([str(SERVER), *args], stdout=follower, stderr=follower, cwd=cwd,
                               env={**os.environ, **env})
    os.close(follower)
    output = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the follower side closed
                break
            if not chunk:
                break
            output += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=10)
    os.close(leader)
    return output.decode("utf-8", "replace")


def test_progress_on_a_terminal_is_cleared_and_never_on_a_pipe(tmp_path) -> None:
    # TVM_LSP_PROGRESS_DELAY_MS replaces the 250 ms delay, so the screen does not depend on how
    # long the checks take: with 0 every step shows, with a day none does.
    for k in range(5):
        (tmp_path / f"f{k:02}.py").write_text(SOURCE)
    summary = "0 errors, 0 other diagnostics in 5 TVMScript files\r\n"
    screen = run_on_terminal(tmp_path, {"TVM_LSP_PROGRESS_DELAY_MS": "0"},
                             "check", "--color", "never", ".")
    steps = "".join(f"\r\x1b[2K[{k + 1}/5] f{k:02}.py" for k in range(5))
    assert screen == steps + "\r\x1b[2K" + summary  # each step rewrites the line, then cleared
    quiet = run_on_terminal(tmp_path, {"TVM_LSP_PROGRESS_DELAY_MS": "86400000"},
                            "check", "--color", "never", ".")
    assert quiet == summary  # nothing is shown before the delay, so nothing is cleared
    piped = subprocess.run([str(SERVER), "check", "."], capture_output=True, text=True,
                           cwd=tmp_path, timeout=120,
                           env={**os.environ, "TVM_LSP_PROGRESS_DELAY_MS": "0"})
    assert piped.stderr == ""
