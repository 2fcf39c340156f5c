"""The layers of DESIGN.md, checked on the includes: a new edge must be a deliberate change
(update docs/architecture.md and this table together)."""

import ast
import pathlib
import re
import textwrap

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
    """The modules a module imports (relative imports resolved), each with the packages above
    it that the import initializes. Every import statement counts, at any depth: one inside a
    function runs when the function does, and closes a cycle as surely as one at the top."""
    parts = list(path.relative_to(package_root.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    here = parts if is_package else parts[:-1]
    return ".".join(parts), imports_in(ast.parse(path.read_text(encoding="utf-8")), parts, here)


def imports_in(tree: ast.AST, parts, here):
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            # `from a import b` imports the submodule a.b when b is one (import_graph keeps
            # only names that are modules).
            targets = [module] + [module + [alias.name] for alias in node.names]
        else:
            continue
        for target in targets:
            for end in range(1, len(target) + 1):
                name = ".".join(target[:end])
                if name.startswith("tvm_tirx") and not ".".join(parts).startswith(name):
                    found.add(name)
    return found


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


# The frontend's layers, lowest first (docs/architecture.md, "The frontend's layers"): a module
# imports only modules of its own layer or below. Importing a module of a package also runs the
# package's __init__, so an import of `tvm_tirx.script.parser.x` is an import of the parser
# package too.
IR, LEAF, BUILDER, MEMBER, REGISTRY, NAMESPACE, PARSER, ENTRY = range(8)
SCRIPT = "tvm_tirx.script."
LAYER_OF_MODULE = {
    "tvm_tirx": IR, "tvm_tirx.ir": IR, "tvm_tirx.stmt": IR, "tvm_tirx.analysis": IR,
    # Leaves: the typing basics, the finding sinks, data and tables that import nothing of
    # the builder; and two leaves in the parser package (the lines of a text, the
    # GeneratedBuilder record), which the registration API uses: only modules from the
    # registries up may import them, since importing them runs the package's __init__.
    **{SCRIPT + name: LEAF for name in (
        "tirx_types", "findings", "recorded", "missing", "definition_kind", "memory_scope",
        "global_info", "tirx_apache_dtype", "tirx_apache_signatures", "tirx_layout",
        "tirx_ptx_table", "tirx_target", "parser.line_index", "parser.generated")},
    # The builder: frames and the construction hooks of the namespace.
    **{SCRIPT + name: BUILDER for name in ("builder", "tirx_builder", "tirx_threads")},
    # The member modules: what namespaces hold besides hooks.
    **{SCRIPT + name: MEMBER for name in ("ir_classes",)},
    # What the namespaces register with: the parser package's registration API (its __init__
    # and the registries), the decorators and the dialect table.
    **{SCRIPT + name: REGISTRY for name in (
        "parser", "parser.namespaces", "parser.protocol_registry", "decorators", "dialects")},
    **{SCRIPT + name: NAMESPACE for name in ("tirx", "s_tir", "ir", "ir_builder")},
    # The entry points: the package itself and the command line.
    "tvm_tirx.script": ENTRY, SCRIPT + "check": ENTRY,
}


def layer_of(module: str) -> int:
    """The layer of a module of the frontend: the table's, else the member modules
    (`tirx_*`) or the parser (`parser.*`); KeyError for a module nobody placed."""
    if module in LAYER_OF_MODULE:
        return LAYER_OF_MODULE[module]
    if module.startswith(SCRIPT + "tirx_"):
        return MEMBER
    if module.startswith(SCRIPT + "parser."):
        return PARSER
    raise KeyError(f"{module} has no layer: place it in LAYER_OF_MODULE")


def layer_violations(graph, layer):
    """Each import of a module from a higher layer, as "importer (layer) -> imported (layer)"."""
    return [f"{module} ({layer(module)}) -> {imported} ({layer(imported)})"
            for module in sorted(graph) for imported in sorted(graph[module])
            if layer(imported) > layer(module)]


def test_the_python_packages_import_no_module_that_imports_them_back():
    graph = import_graph()
    assert "tvm_tirx.script.parser.analysis" in graph  # the check sees the frontend
    assert "tvm_tirx.script.decorators" in graph["tvm_tirx.script.parser.analysis"]
    assert import_cycle(graph) is None


def test_the_frontend_imports_no_higher_layer():
    graph = import_graph()
    assert "tvm_tirx.script.tirx_builder" in graph["tvm_tirx.script.tirx_sblock"]
    assert layer_violations(graph, layer_of) == []


def test_every_module_has_a_layer():
    for module in import_graph():
        layer_of(module)  # raises for a module nobody placed


def test_the_typing_leaf_imports_nothing_of_the_builder():
    graph = import_graph()
    assert graph[SCRIPT + "tirx_types"] <= {"tvm_tirx", "tvm_tirx.ir"}


def test_an_import_cycle_would_be_reported():
    graph = {"a": {"a.b"}, "a.b": {"c"}, "c": {"a.b"}}
    assert import_cycle(graph) == ["a.b", "c", "a.b"]


def test_an_import_inside_a_function_is_an_edge():
    sample = ast.parse(textwrap.dedent("""
        def hook():
            class Inner:
                def method(self):
                    from .tirx_ops import if_then_else
            return Inner
    """))
    parts = ["tvm_tirx", "script", "tirx_builder"]
    assert "tvm_tirx.script.tirx_ops" in imports_in(sample, parts, parts[:-1])


def test_an_import_from_a_higher_layer_would_be_reported():
    layers = {"builder": BUILDER, "ops": MEMBER, "tirx": NAMESPACE}
    graph = {"builder": {"ops"}, "ops": {"builder"}, "tirx": {"ops", "builder"}}
    assert layer_violations(graph, layers.__getitem__) == [
        f"builder ({BUILDER}) -> ops ({MEMBER})"]
