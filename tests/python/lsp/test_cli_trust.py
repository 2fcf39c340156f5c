"""The subcommands' trust (issue 11, items 3 and 6): `check`, `format` and `print` analyse a file
trusted with `--trusted`, or when it lies in a folder the user's own configuration lists in
`trusted-folders`, read with the server's rules (the configuration must not lie inside what
the command reads). Every other file is analysed in the sandbox. Each case checks a canary
file whose module code writes a file when it runs: the file appearing proves a trusted run."""

from __future__ import annotations

import os
import pathlib
import subprocess

from lsp_server_client import SERVER

NOT_EVALUATED = "[untrusted-not-evaluated]"


def canary_text(canary: pathlib.Path) -> str:
    return ("from tvm_tirx.script import tirx as T\nimport pathlib\n"
            f"pathlib.Path({str(canary)!r}).write_text('ran')\nN = len('four')\n\n"
            "@T.function\ndef f(A: T.Tensor((N,), T.int32)):\n    A[0] = 1\n")


def write_config(home: pathlib.Path, text: str) -> pathlib.Path:
    config = home / ".config" / "tvm-lsp" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text)
    return config


def run(home: pathlib.Path, *args, cwd: pathlib.Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "XDG_CONFIG_HOME"}
    env["HOME"] = str(home)
    return subprocess.run([str(SERVER), *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120)


def folders(tmp_path: pathlib.Path):
    home, trusted, other = tmp_path / "home", tmp_path / "mine", tmp_path / "cloned"
    for folder in (home, trusted, other):
        folder.mkdir()
    (trusted / "kernel.py").write_text(canary_text(tmp_path / "ran-mine"))
    (other / "kernel.py").write_text(canary_text(tmp_path / "ran-cloned"))
    return home, trusted, other


def test_check_trusts_the_user_s_trusted_folders_and_only_them(tmp_path) -> None:
    home, trusted, other = folders(tmp_path)
    write_config(home, f'trusted-folders = ["{trusted}"]\n')
    result = run(home, "check", trusted, other, cwd=tmp_path)
    assert (tmp_path / "ran-mine").read_text() == "ran"
    assert not (tmp_path / "ran-cloned").exists()
    # The sandboxed file says why N was not evaluated; the trusted one is clean.
    assert f"{other / 'kernel.py'}:" in result.stdout and NOT_EVALUATED in result.stdout
    assert f"{trusted / 'kernel.py'}:" not in result.stdout
    assert result.stdout.endswith("0 errors, 1 other diagnostic in 2 TVMScript files\n")
    assert result.stderr == "" and result.returncode == 0


def test_without_a_configuration_nothing_runs_and_trusted_runs_everything(tmp_path) -> None:
    home, trusted, other = folders(tmp_path)
    result = run(home, "check", trusted, other, cwd=tmp_path)
    assert result.stdout.count(NOT_EVALUATED) == 2
    assert not (tmp_path / "ran-mine").exists() and not (tmp_path / "ran-cloned").exists()
    result = run(home, "check", "--trusted", other, cwd=tmp_path)
    assert (tmp_path / "ran-cloned").read_text() == "ran"
    assert NOT_EVALUATED not in result.stdout


def test_a_configuration_inside_what_is_checked_grants_nothing(tmp_path) -> None:
    # A cloned repository that carries its own .config/tvm-lsp/config.toml, checked with HOME
    # pointing into it (or the repository being the home folder): the file is ignored.
    home, _, other = folders(tmp_path)
    write_config(other, f'trusted-folders = ["{other}"]\n')
    result = run(other, "check", ".", cwd=other)
    assert not (tmp_path / "ran-cloned").exists()
    assert NOT_EVALUATED in result.stdout
    config = other / ".config" / "tvm-lsp" / "config.toml"
    assert result.stderr == (f"tvm-lsp: the user configuration {config} is ignored: it lies inside "
                             f"the workspace folder {other}, whose files must not grant trust\n")


def test_a_symlink_in_a_trusted_folder_to_a_file_outside_is_not_trusted(tmp_path) -> None:
    home, trusted, other = folders(tmp_path)
    (trusted / "kernel.py").unlink()
    (trusted / "borrowed.py").symlink_to(other / "kernel.py")
    write_config(home, f'trusted-folders = ["{trusted}"]\n')
    result = run(home, "check", trusted / "borrowed.py", cwd=tmp_path)
    assert not (tmp_path / "ran-cloned").exists()
    assert NOT_EVALUATED in result.stdout


def test_a_group_writable_configuration_is_ignored_with_the_reason(tmp_path) -> None:
    home, trusted, _ = folders(tmp_path)
    config = write_config(home, f'trusted-folders = ["{trusted}"]\n')
    config.chmod(0o664)
    result = run(home, "check", trusted, cwd=tmp_path)
    assert not (tmp_path / "ran-mine").exists()
    assert result.stderr.startswith(f"tvm-lsp: the user configuration {config} is ignored: ")
    assert "writable" in result.stderr


def test_format_and_print_follow_the_same_trust(tmp_path) -> None:
    home, trusted, other = folders(tmp_path)
    write_config(home, f'trusted-folders = ["{trusted}"]\n')
    printed = run(home, "print", trusted / "kernel.py", cwd=tmp_path)
    assert (tmp_path / "ran-mine").read_text() == "ran"
    assert printed.returncode == 0 and "def f(A: T.Tensor((4,), T.int32)):" in printed.stdout
    (tmp_path / "ran-mine").unlink()
    run(home, "format", "--check", trusted, other, cwd=tmp_path)
    assert (tmp_path / "ran-mine").read_text() == "ran"
    assert not (tmp_path / "ran-cloned").exists()
