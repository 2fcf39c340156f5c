"""The layers of DESIGN.md, checked on the includes: a new edge must be a deliberate change
(update docs/architecture.md and this table together)."""

import ast
import pathlib
import re

REPO = pathlib.Path(__file__).resolve().parents[2]
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)

# layer folder -> include prefixes it must never use
FORBIDDEN = {
    "core": ("Python.h", "pybind11/", "nlohmann/", "boost/", "tvm/script/", "tvm/lsp/", "llvm/"),
    "printer": ("Python.h", "pybind11/", "nlohmann/", "boost/", "tvm/lsp/"),
    "parser_bridge": ("nlohmann/", "boost/", "tvm/lsp/"),
    # lsp/ reaches Python only through the bridge's plain-data API (the worker process).
    "lsp": ("Python.h", "pybind11/"),
}


def includes_of(layer: str):
    for path in sorted((REPO / layer).rglob("*")):
        if path.suffix in (".h", ".cc"):
            for match in INCLUDE.finditer(path.read_text()):
                yield path.relative_to(REPO), match.group(1)


def test_layers_include_only_what_they_may():
    violations = [
        f"{path}: {header}"
        for layer, forbidden in FORBIDDEN.items()
        for path, header in includes_of(layer)
        if header.startswith(forbidden)
    ]
    assert violations == []


def test_the_check_sees_the_lsp_sources():
    headers = {header for _, header in includes_of("lsp")}
    assert "tvm/script/bridge/bridge.h" in headers and "seccomp.h" in headers


def test_the_check_sees_the_core_sources():
    # Guards against the check passing because it found no files.
    headers = {header for _, header in includes_of("core")}
    assert "tvm/ffi/object.h" in headers
    assert "tvm/ffi/any.h" in headers


def test_a_forbidden_include_would_be_reported():
    sample = '#include <pybind11/pybind11.h>\n#include "tvm/ffi/any.h"\n'
    found = [m.group(1) for m in INCLUDE.finditer(sample)]
    assert [h for h in found if h.startswith(FORBIDDEN["core"])] == ["pybind11/pybind11.h"]


def test_bridge_public_header_is_plain_data():
    # The server holds no live Python or IR object (DESIGN.md "Safety"): the embedding API's
    # public headers include neither Python nor the core's object system.
    headers = sorted((REPO / "parser_bridge" / "include").rglob("*.h"))
    assert headers, "the check found no public header"
    found = [
        f"{path.relative_to(REPO)}: {match.group(1)}"
        for path in headers
        for match in INCLUDE.finditer(path.read_text())
        if match.group(1).startswith(("Python.h", "pybind11/", "tvm/"))
    ]
    assert found == []


PYTHON_PACKAGE = REPO / "parser_bridge" / "python" / "tvm_tirx"


def module_imports(path: pathlib.Path, package_root: pathlib.Path):
    """The modules a module's top-level statements import (relative imports resolved), each
    with the packages above it that the import initializes."""
    parts = list(path.relative_to(package_root.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    here = parts if is_package else parts[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    statements = list(tree.body)
    found = set()
    while statements:
        node = statements.pop()
        if isinstance(node, (ast.If, ast.Try)):  # still module level
            statements.extend(node.body + node.orelse + getattr(node, "finalbody", []))
            statements.extend(s for h in getattr(node, "handlers", []) for s in h.body)
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            targets = [module + [alias.name] for alias in node.names] if not node.module \
                else [module]
        else:
            continue
        for target in targets:
            for end in range(1, len(target) + 1):
                name = ".".join(target[:end])
                if name.startswith("tvm_tirx") and not ".".join(parts).startswith(name):
                    found.add(name)
    return ".".join(parts), found


def import_graph():
    graph = {}
    for path in sorted(PYTHON_PACKAGE.rglob("*.py")):
        name, imports = module_imports(path, PYTHON_PACKAGE)
        graph[name] = imports
    return {name: {i for i in imports if i in graph} for name, imports in graph.items()}


def import_cycle(graph):
    """One cycle of the graph as a list of modules, or None."""
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_python_packages_import_no_module_that_imports_them_back():
    graph = import_graph()
    assert "tvm_tirx.script.parser.analysis" in graph  # the check sees the frontend
    assert "tvm_tirx.script.decorators" in graph["tvm_tirx.script.parser.analysis"]
    assert import_cycle(graph) is None


def test_an_import_cycle_would_be_reported():
    graph = {"a": {"a.b"}, "a.b": {"c"}, "c": {"a.b"}}
    assert import_cycle(graph) == ["a.b", "c", "a.b"]
