"""The type stubs of the script namespaces (scripts/gen_stubs.py, docs/packaging.md): up to date
with the registry, declaring every registered member and nothing else, valid Python, and what
Pyright makes of TVMScript with them (when Pyright is installed: scripts/test.sh installs it
from npm into .cache/pyright)."""

from __future__ import annotations

import ast
import os
import pathlib
import shutil
import subprocess
import sys
from typing import Dict, List

import pytest

from tvm_tirx.script.parser import namespaces, protocol_registry

REPO = pathlib.Path(__file__).resolve().parents[3]
GEN_STUBS = REPO / "scripts" / "gen_stubs.py"
STUB_DIR = REPO / "parser_bridge" / "python" / "tvm_tirx" / "script"
STUBS = {"tirx": "tirx.pyi", "ir": "ir.pyi", "s_tir": "s_tir.pyi"}
# The stubs' own helpers (typing and two type variables), private by their underscore.
HELPERS = {"_t", "_C", "_F"}


def top_level(tree: ast.Module) -> Dict[str, ast.stmt]:
    names: Dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.Assign):
            names.update({t.id: node for t in node.targets if isinstance(t, ast.Name)})
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update({a.asname or a.name: node for a in node.names})
    return names


def test_the_stubs_are_what_the_generator_writes() -> None:
    result = subprocess.run([sys.executable, str(GEN_STUBS), "--check"], capture_output=True,
                            text=True, timeout=120)
    assert (result.returncode, result.stderr) == (0, "")


def test_every_registered_namespace_has_a_stub() -> None:
    roots = set(namespaces.registered_aliases().values())
    assert roots == set(STUBS)
    for root in roots:
        module = namespaces.lookup(root).__name__
        assert module == f"tvm_tirx.script.{STUBS[root].removesuffix('.pyi')}"


@pytest.mark.parametrize("root", sorted(STUBS))
def test_a_stub_declares_every_member_and_nothing_else(root: str) -> None:
    path = STUB_DIR / STUBS[root]
    tree = ast.parse(path.read_text(), filename=str(path), feature_version=(3, 11))
    members = {m.name for m in protocol_registry.namespace_members(root)}
    assert len(members) > 15
    assert set(top_level(tree)) == members | HELPERS


def test_ir_decorators_make_checkers_skip_the_definition() -> None:
    """A TVMScript definition's annotations are IR, not Python types: the decorators that build
    IR are typing.no_type_check; the module decorator keeps the class, pyfunc the function."""
    for root, names in [("tirx", ["function", "prim_func", "macro", "inline", "jit"]),
                        ("s_tir", ["function", "prim_func"])]:
        stub = top_level(ast.parse((STUB_DIR / STUBS[root]).read_text()))
        for name in names:
            assert ast.unparse(stub[name]) == f"{name} = _t.no_type_check", (root, name)
    ir_stub = (STUB_DIR / "ir.pyi").read_text()
    assert ("@_t.overload\ndef ir_module(cls: _C, /) -> _C: ...\n@_t.overload\n"
            "def ir_module(**options: _t.Any) -> _t.Callable[[_C], _C]: ...\n") in ir_stub
    assert "def pyfunc(func: _F, /) -> _F:\n" in ir_stub


def test_members_keep_their_signatures_and_documentation() -> None:
    stub = top_level(ast.parse((STUB_DIR / "tirx.pyi").read_text()))
    parallel = stub["parallel"]
    assert ast.unparse(parallel.args) == (  # type: ignore[attr-defined]
        "start: _t.Any, stop: _t.Any=..., *, annotations: _t.Any=..., step: _t.Any=..., "
        "dtype: _t.Any=...")
    assert ast.unparse(parallel.returns) == "_t.Iterator[_t.Any]"  # type: ignore[attr-defined]
    float32 = stub["float32"]
    assert isinstance(float32, ast.ClassDef) and ast.unparse(float32.bases[0]) == "_t.Any"
    assert ast.get_docstring(float32).startswith("A data type of ``T``: ``T.int32`` annotates")


def pyright() -> str:
    found = os.environ.get("TVM_LSP_PYRIGHT") or shutil.which("pyright")
    local = REPO / ".cache" / "pyright" / "node_modules" / ".bin" / "pyright"
    if not found and local.exists():
        found = str(local)
    if not found:
        pytest.skip("pyright is not installed: npm install --prefix .cache/pyright "
                    "pyright@1.1.414 (scripts/install_pyright.sh does)")
    return found


def run_pyright(folder: pathlib.Path, python: str, mode: str, files: List[str]) -> List[str]:
    (folder / "pyrightconfig.json").write_text(
        f'{{"pythonVersion": "3.12", "typeCheckingMode": "{mode}"}}\n')
    result = subprocess.run([pyright(), "--pythonpath", python, *files], cwd=folder,
                            capture_output=True, text=True, timeout=300)
    return [line.strip() for line in result.stdout.splitlines()
            if " - error: " in line or " - warning: " in line or "errors, " in line]


def check_examples_with_pyright(folder: pathlib.Path, python: str) -> None:
    """What Pyright reports on the examples with the stubs (shared with test_wheel.py)."""
    for name in ["vector_add.py", "matmul_module.py"]:
        shutil.copy(REPO / "examples" / "tvmscript" / name, folder / name)
    call = "Call expression not allowed in type expression (reportInvalidTypeForm)"
    # Pylance's default mode: only the definition decorated with arguments keeps its warnings.
    assert run_pyright(folder, python, "off", ["vector_add.py", "matmul_module.py"]) == [
        f"{folder}/matmul_module.py:15:16 - warning: {call}",
        f"{folder}/matmul_module.py:15:50 - warning: {call}",
        "0 errors, 2 warnings, 0 informations"]
    # Checked: vector_add.py passes; the decorator with arguments adds two errors of its own.
    assert run_pyright(folder, python, "standard", ["vector_add.py", "matmul_module.py"]) == [
        f'{folder}/matmul_module.py:14:6 - error: Argument missing for parameter "arg" '
        "(reportCallIssue)",
        f'{folder}/matmul_module.py:14:17 - error: No parameter named "private" '
        "(reportCallIssue)",
        f"{folder}/matmul_module.py:15:16 - error: {call}",
        f"{folder}/matmul_module.py:15:50 - error: {call}",
        "4 errors, 0 warnings, 0 informations"]


def test_pyright_accepts_tvmscript_with_the_stubs(tmp_path) -> None:
    check_examples_with_pyright(tmp_path, sys.executable)
