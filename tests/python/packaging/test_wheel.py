"""The wheel (issue 12, item 2; docs/packaging.md): ``pip install <checkout>`` into a fresh venv
of Debian's Python builds it through meson-python and installs tvm_ffi, tvm_tirx, the native
libraries and the tvm-lsp executables. The installed tvm-lsp then runs from a folder outside the
checkout with a cleared environment, and neither it nor its worker loads anything from the
checkout or a build folder (/proc/PID/maps).

$TVM_LSP_WHEEL_SOURCE says how the venv is filled:
- `pip` (the default): the user's command. The build is the slow part (a release build of the
  C++): it reuses the meson-python build folder <checkout>/build-wheel (or
  $TVM_LSP_WHEEL_BUILD_DIR) between runs, so a rerun rebuilds only what changed.
  scripts/test_pip_install.sh runs this.
- `build`: the development build's files ($TVM_LSP_BUILD_DIR), installed by Meson where the
  wheel puts them (build_tree_install.py), so nothing is compiled again. scripts/test.sh's
  wheel stage runs this. Only the `pip` mode checks pip and meson-python themselves, the
  dist-info and the wheel's own build options."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import time
from typing import Dict, List, Set

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "lsp" / "protocol"))

import server_pipe  # noqa: E402
from build_tree_install import install_build_tree  # noqa: E402
from test_stubs import check_examples_with_pyright  # noqa: E402

WHEEL_BUILD_DIR = pathlib.Path(os.environ.get("TVM_LSP_WHEEL_BUILD_DIR", REPO / "build-wheel"))
DEV_BUILD_DIR = pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR", REPO / "build"))
WHEEL_SOURCE = os.environ.get("TVM_LSP_WHEEL_SOURCE", "pip")
if WHEEL_SOURCE not in ("pip", "build"):
    raise pytest.UsageError(f"TVM_LSP_WHEEL_SOURCE={WHEEL_SOURCE!r}: expected 'pip' or 'build'")
# Debian's CPython 3.11, which the installed server embeds (DESIGN.md "Python").
SYSTEM_PYTHON = "/usr/bin/python3"
PY_VERSION = sysconfig.get_python_version()
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
VERSION = "0.1.0"

# The examples the `check` stage of the main job checks (examples/tvmscript/expected_check.txt).
EXAMPLES = REPO / "examples" / "tvmscript"

SOURCE = ('from tvm_tirx.script import tirx as T\n\n@T.function\n'
          'def f(A: T.Tensor((4,), "int32")):\n    for i in range(4):\n'
          '        A[i] = A[i]   +   1\n')


class Installed:
    """A fresh venv with the wheel installed, and a home and work folder outside the checkout."""

    def __init__(self, root: pathlib.Path) -> None:
        self.root = root.resolve()
        self.venv = self.root / "venv"
        self.home = self.root / "home"
        self.work = self.root / "work"
        self.bin = self.venv / "bin"
        self.site = self.venv / "lib" / f"python{PY_VERSION}" / "site-packages"
        self.build_seconds = 0.0
        self.install_log = ""
        # The installed files relative to site-packages, as the wheel's RECORD names them.
        self.files: Set[str] = set()

    def cleared_env(self, **extra: str) -> Dict[str, str]:
        """What `env -i PATH=/usr/bin:/bin HOME=...` leaves, plus `extra`."""
        return {"PATH": "/usr/bin:/bin", "HOME": str(self.home), **extra}

    def run(self, args: List[str], cwd: pathlib.Path | None = None,
            env: Dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run(args, cwd=cwd or self.work, env=env or self.cleared_env(),
                              capture_output=True, text=True, timeout=timeout)


def pip_environment() -> Dict[str, str]:
    """The caller's environment for pip (its registry settings, PATH for the compiler), without
    the development build's Python paths and the project's own variables."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TVM_LSP_", "PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = ":".join(p for p in env.get("PATH", "/usr/bin:/bin").split(":")
                           if not p.startswith(str(REPO)))
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    assert REPO not in root.resolve().parents, "the test folder must be outside the checkout"
    inst = Installed(root)
    inst.home.mkdir()
    inst.work.mkdir()
    subprocess.run([SYSTEM_PYTHON, "-m", "venv", str(inst.venv)], check=True, timeout=300)
    start = time.monotonic()
    if WHEEL_SOURCE == "build":
        inst.files = install_build_tree(DEV_BUILD_DIR, root / "stage", inst.site)
        print(f"\n[wheel] meson install of {DEV_BUILD_DIR} took {time.monotonic() - start:.1f} s")
        return inst
    # Exactly the user's command, with the persistent build folder for reruns.
    result = subprocess.run(
        [str(inst.bin / "pip"), "install", "--no-cache-dir",
         f"--config-settings=build-dir={WHEEL_BUILD_DIR}", str(REPO)],
        cwd=inst.work, env=pip_environment(), capture_output=True, text=True, timeout=3600)
    inst.build_seconds = time.monotonic() - start
    inst.install_log = result.stdout + result.stderr
    assert result.returncode == 0, inst.install_log[-20000:]
    print(f"\n[wheel] pip install took {inst.build_seconds:.1f} s")
    record = (inst.site / f"tvmscript_lsp-{VERSION}.dist-info" / "RECORD").read_text()
    inst.files = {line.rsplit(",", 2)[0] for line in record.splitlines() if line}
    return inst


def test_the_wheel_installs_the_packages_libraries_and_executables(installed) -> None:
    files = installed.files
    tops = {name.split("/")[0] for name in files if not name.startswith("../")}
    # No top-level `tvm` (the facade stays a development aid) and nothing else; pip adds the
    # dist-info.
    dist_info = {f"tvmscript_lsp-{VERSION}.dist-info"} if WHEEL_SOURCE == "pip" else set()
    assert tops == {"tvm_ffi", "tvm_tirx"} | dist_info
    assert {name for name in files if name.startswith("../")} == {
        "../../../bin/tvm-lsp", "../../../bin/tvm-lsp-worker"}
    for name in ["tvm_ffi/__init__.py", f"tvm_ffi/core{EXT_SUFFIX}", "tvm_ffi/lib/libtvm_core.so",
                 "tvm_ffi/lib/libtvm_printer.so", "tvm_ffi/lib/libtvm_script_bridge.so",
                 "tvm_tirx/__init__.py", "tvm_tirx/script/tirx.py",
                 "tvm_tirx/script/tirx.pyi", "tvm_tirx/script/ir.pyi",
                 "tvm_tirx/script/s_tir.pyi", "tvm_tirx/script/parser/worker_entry.py"]:
        assert name in files
    for program in ["tvm-lsp", "tvm-lsp-worker"]:
        assert os.access(installed.bin / program, os.X_OK)


def test_installed_executables_find_their_libraries_from_their_own_path(installed) -> None:
    def runpath(path: pathlib.Path) -> str:
        dynamic = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True,
                                 check=True).stdout
        return "".join(line.split("[", 1)[1].rstrip("]") for line in dynamic.splitlines()
                       if "(RUNPATH)" in line or "(RPATH)" in line)

    lib = installed.site / "tvm_ffi" / "lib"
    assert runpath(installed.bin / "tvm-lsp-worker") == (
        f"$ORIGIN/../lib/python{PY_VERSION}/site-packages/tvm_ffi/lib")
    assert runpath(installed.bin / "tvm-lsp") == ""
    assert runpath(installed.site / "tvm_ffi" / f"core{EXT_SUFFIX}") == "$ORIGIN/lib"
    for library in ["libtvm_core.so", "libtvm_printer.so", "libtvm_script_bridge.so"]:
        assert runpath(lib / library) == "$ORIGIN"


def test_version_and_path(installed) -> None:
    result = installed.run([str(installed.bin / "tvm-lsp"), "--version"])
    assert (result.returncode, result.stdout, result.stderr) == (0, f"tvm-lsp {VERSION}\n", "")
    # On PATH as an activated venv puts it, as ruff's wheel puts ruff.
    env = installed.cleared_env(PATH=f"{installed.bin}:/usr/bin:/bin")
    result = installed.run(["tvm-lsp", "--version"], env=env)
    assert (result.returncode, result.stdout) == (0, f"tvm-lsp {VERSION}\n")


def copy_examples(folder: pathlib.Path) -> None:
    (folder / "examples" / "tvmscript").mkdir(parents=True, exist_ok=True)
    for example in sorted(EXAMPLES.glob("*.py")):
        (folder / "examples" / "tvmscript" / example.name).write_text(example.read_text())


def test_check_on_the_examples_outside_the_checkout(installed) -> None:
    copy_examples(installed.work)
    result = installed.run([str(installed.bin / "tvm-lsp"), "check", "examples/tvmscript"])
    assert result.returncode == 1, result.stderr
    assert result.stdout == (EXAMPLES / "expected_check.txt").read_text()
    assert result.stderr == ""


def test_the_packages_import_without_the_build_or_numpy(installed) -> None:
    program = ("import sys, tvm_ffi, tvm_tirx\n"
               "from tvm_tirx import script\n"
               "f = script.from_source(open('k.py').read())\n"
               "print(f.script())\n"
               "print(tvm_ffi.__file__)\n"
               "try:\n    import tvm\nexcept ModuleNotFoundError as e:\n    print(e)\n"
               "try:\n    import numpy\nexcept ModuleNotFoundError as e:\n    print(e)\n")
    (installed.work / "k.py").write_text(
        "from tvm_tirx.script import tirx as T\n\n@T.function\n"
        "def g(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n")
    result = installed.run([str(installed.bin / "python3"), "-c", program])
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "from __future__ import annotations\n\n"
        "# from tvm_tirx.script import tirx as T\n\n@T.function\n"
        "def g(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n"
        f"{installed.site / 'tvm_ffi' / '__init__.py'}\n"
        "No module named 'tvm'\n"
        "No module named 'numpy'\n")


def mapped_files(pid: int) -> List[str]:
    """The files mapped into process `pid` (its libraries and executable)."""
    paths = []
    for line in pathlib.Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and fields[5].startswith("/"):
            paths.append(fields[5].removesuffix(" (deleted)"))
    return sorted(set(paths))


def children(pid: int) -> List[int]:
    found = []
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces and parentheses.
        if int(text.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def assert_nothing_from_the_checkout(paths: List[str]) -> None:
    forbidden = [str(REPO.resolve()), str(WHEEL_BUILD_DIR.resolve()),
                 str(DEV_BUILD_DIR.resolve())]
    offending = [p for p in paths if any(p == f or p.startswith(f + "/") for f in forbidden)]
    assert offending == []


def test_stdio_session_loads_nothing_from_the_checkout(installed) -> None:
    uri = (installed.work / "h.py").as_uri()
    (installed.work / "h.py").write_text(SOURCE)
    server = server_pipe.Server(installed.bin / "tvm-lsp", env=installed.cleared_env(),
                                cwd=installed.work)
    try:
        reply = server.initialize()
        assert reply["result"]["serverInfo"] == {"name": "tvm-lsp", "version": VERSION}
        server.open(uri, SOURCE)
        assert server.diagnostics(uri, timeout=60) == {"uri": uri, "version": 1,
                                                       "diagnostics": []}
        hover = server.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": 5, "character": 16}})
        assert hover["result"] == {
            "contents": {"kind": "markdown",
                         "value": "```python\nA[i]\n```\n\n`prim.TensorLoad`: `T.int32`"},
            "range": {"start": {"line": 5, "character": 15},
                      "end": {"line": 5, "character": 19}}}
        workers = children(server.process.pid)
        assert len(workers) == 1
        server_files, worker_files = mapped_files(server.process.pid), mapped_files(workers[0])
        assert str(installed.bin / "tvm-lsp") in server_files
        lib = installed.site / "tvm_ffi" / "lib"
        for path in [installed.bin / "tvm-lsp-worker", lib / "libtvm_script_bridge.so",
                     lib / "libtvm_core.so", lib / "libtvm_printer.so",
                     installed.site / "tvm_ffi" / f"core{EXT_SUFFIX}"]:
            assert str(path) in worker_files
        # The core library is mapped once: one registry (DESIGN.md).
        assert [p for p in worker_files if p.endswith("/libtvm_core.so")] == [
            str(lib / "libtvm_core.so")]
        assert_nothing_from_the_checkout(server_files)
        assert_nothing_from_the_checkout(worker_files)
        assert server.stop() == 0
    finally:
        server.close()
        if server.process.returncode != 0:
            print(server.log.decode(errors="replace"))


def test_a_hostile_folder_cannot_shadow_the_installed_packages(installed) -> None:
    """A repository that ships its own tvm_tirx, tvm_ffi, site and sitecustomize modules, run
    with variables pointing Python at it: none of them is imported (the embedded Python is
    isolated and starts from the venv's path, not from the current folder)."""
    hostile = installed.root / "hostile"
    copy_examples(hostile)
    marker = installed.root / "pwned"
    payload = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    for module in ["tvm_tirx/__init__.py", "tvm_ffi/__init__.py", "sitecustomize.py",
                   "usercustomize.py", "site.py", "encodings/__init__.py",
                   "examples/tvmscript/tvm_tirx.py"]:
        (hostile / module).parent.mkdir(parents=True, exist_ok=True)
        (hostile / module).write_text(payload)
    env = installed.cleared_env(PYTHONPATH=str(hostile), PYTHONHOME=str(hostile),
                                PYTHONSTARTUP=str(hostile / "site.py"))
    result = installed.run([str(installed.bin / "tvm-lsp"), "check", "examples/tvmscript"],
                           cwd=hostile, env=env)
    assert not marker.exists(), marker.read_text()
    assert result.returncode == 1, result.stderr
    assert result.stdout == (EXAMPLES / "expected_check.txt").read_text()


def test_pyright_reads_the_installed_stubs(installed, tmp_path) -> None:
    """Pyright resolving tvm_tirx in the installed venv finds the wheel's stubs (the same
    answers as test_stubs.py gets from the development build)."""
    check_examples_with_pyright(tmp_path, str(installed.bin / "python3"))


def test_a_venv_whose_python_is_gone_says_which(installed) -> None:
    """A copy of the venv without its interpreter: the worker reports the missing path and
    does not fall back to another Python (which would import another copy of the packages)."""
    broken = installed.root / "no-python-venv"
    shutil.copytree(installed.venv, broken, symlinks=True)
    for name in ["python", "python3", f"python{PY_VERSION}"]:
        (broken / "bin" / name).unlink()
    copy_examples(installed.root / "no-python")
    result = installed.run([str(broken / "bin" / "tvm-lsp"), "check",
                            "examples/tvmscript/vector_add.py"], cwd=installed.root / "no-python")
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout == (
        "examples/tvmscript/vector_add.py:1:1: error [internal-error] Python did not start: the "
        f"Python interpreter {broken}/bin/python3 does not exist or is not executable (set "
        "TVM_LSP_PYTHON)\n"
        '  """Element-wise kernels in canonical TVMScript: one symbolic length, a bind, a '
        'branch."""\n'
        "  ^\n"
        "1 error, 0 other diagnostics in 1 TVMScript file\n")
