"""Finding and classifying the decorated TVMScript definitions of a Python file, statically.

Nothing here runs the file: it is read with ``ast.parse`` only. ``definitions(text)`` gives one
``Definition`` per outermost decorated TVMScript definition (``@T.prim_func``, ``@I.ir_module``,
``@tvm.script.ir_module``, ``@R.function``, ``@T.macro`` ...) at any depth: at top level, inside
test functions, classes, helper functions and compound statements. A definition inside another
(a module's member functions) belongs to the outer one.

Each is put in one category, in this order (the first that applies):

- ``relax``: a Relax function (``@R.function``) or a module with a Relax member, which the
  analysis skips whole (its TIR functions included);
- ``s-tir-blocks``: it uses an S-TIR block member (``T.sblock``, ``T.block``, ``T.axis``, ...);
- ``device-kernels``: it uses a member of TIRx's device-kernel spelling (``T.device_entry``,
  ``T.thread_id``, ``T.cta_id``, ...) or of a device backend namespace (``T.ptx``, ``T.cuda``,
  ``T.nki``, ``T.metal``, ...);
- ``helper``: a macro (``@T.macro``, ``@T.inline``, ``@R.macro``), which builds nothing alone,
  or a ``@T.jit`` template, which builds only when specialized;
- ``captured``: it reads a name that Python binds outside it (an enclosing function's local, a
  module variable, an import other than a script namespace), whose value a reader of the text
  alone cannot know; symbol declarations (``n = T.int32()``, ``n = T.dynamic("n")``) and the
  file's macros are not captures, the analysis reads them from the text;
- ``checked``: the rest, which the harness runs and expects to parse and round-trip.

The harness (run.py) writes only positions and results, never the definitions' text.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Set, Tuple

SCRIPT_MODULES = ("tvm.script", "tvm.script.parser")
"""``from <one of these> import tirx as T``: imports of script namespaces."""

TIR_NAMESPACES = ("tirx", "tir")
IR_NAMESPACES = ("ir",)
RELAX_NAMESPACES = ("relax",)

S_TIR_MEMBERS = frozenset({
    "sblock", "block", "axis", "reads", "writes", "init", "where", "block_attr", "sblock_attr",
    "sblock_alloc_buffer", "iter_var",
})
"""``T.<member>`` that only S-TIR blocks use."""

DEVICE_MEMBERS = frozenset({
    "device_entry", "thread_id", "cta_id", "lane_id", "warp_id", "warpgroup_id", "cluster_id",
    "cta_id_in_cluster", "cta_id_in_pair", "warp_id_in_wg", "thread_id_in_wg", "ptx",
    "ptx_legacy", "cuda", "nki", "metal", "webgpu", "rocm", "TensorMap", "TileLayout",
    "ComposeLayout",
})
"""``T.<member>`` of the device-kernel spelling and of the device backend namespaces."""

FUNCTION_DECORATORS = frozenset({"prim_func", "function"})
MACRO_DECORATORS = frozenset({"macro", "inline", "jit"})
"""Helpers: macros build nothing alone, and a ``@T.jit`` template builds only when
specialized with ``const_args`` (the analysis checks its program)."""
MODULE_DECORATORS = frozenset({"ir_module"})

CATEGORIES = ("s-tir-blocks", "device-kernels", "relax", "helper", "captured", "checked")

_BUILTINS = frozenset(dir(builtins))


@dataclass
class Aliases:
    """What the file's imports bind: name -> the script namespace it is (``tirx``, ``ir``,
    ``relax``), plus the names that hold ``tvm`` itself and ``ir_module`` decorators."""

    namespaces: Dict[str, str] = field(default_factory=dict)
    tvm: Set[str] = field(default_factory=set)
    """Names bound to the ``tvm`` package (``import tvm``) or ``tvm.script`` (``from tvm
    import script``: value "script")."""
    script: Set[str] = field(default_factory=set)
    ir_module: Set[str] = field(default_factory=set)
    """``from tvm.script import ir_module``."""

    def kind_of(self, name: str) -> Optional[str]:
        return self.namespaces.get(name)


@dataclass
class Definition:
    """One outermost decorated TVMScript definition: where it is and what it is."""

    line: int
    """The line of its first decorator (1-based), where the analysis's range starts."""
    def_line: int
    name: str
    kind: str
    """``function``, ``module`` or ``macro``."""
    dialect: str
    """``tirx``, ``relax`` or ``mixed`` (a module with both)."""
    category: str = "checked"
    captured: Tuple[str, ...] = ()
    s_tir: Tuple[str, ...] = ()
    device: Tuple[str, ...] = ()
    depth: int = 0
    unchecked: bool = False
    """Its decorator says ``check_well_formed=False`` (Apache TVM's tests of ill-formed IR)."""
    rejected: bool = False
    """It lies inside ``with pytest.raises(...)``: its test expects Apache TVM to refuse it."""


def _dotted(node: ast.expr) -> Optional[List[str]]:
    parts: List[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]


def _namespace_kind(module_path: str, name: str) -> Optional[str]:
    if name in TIR_NAMESPACES:
        return "tirx"
    if name in IR_NAMESPACES:
        return "ir"
    if name in RELAX_NAMESPACES:
        return "relax"
    return None


def file_aliases(tree: ast.Module) -> Aliases:
    """Every import anywhere in the file (tests import inside functions too)."""
    aliases = Aliases()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            for alias in node.names:
                bound = alias.asname or alias.name
                if node.module in SCRIPT_MODULES:
                    kind = _namespace_kind(node.module, alias.name)
                    if kind is not None:
                        aliases.namespaces[bound] = kind
                    elif alias.name == "ir_module":
                        aliases.ir_module.add(bound)
                elif node.module == "tvm" and alias.name == "script":
                    aliases.script.add(bound)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "tvm" or alias.name.startswith("tvm."):
                    if alias.asname is None:
                        aliases.tvm.add("tvm")
                    elif alias.name == "tvm":
                        aliases.tvm.add(alias.asname)
                    elif alias.name == "tvm.script":
                        aliases.script.add(alias.asname)
    return aliases


def decorator_kind(node: ast.expr, aliases: Aliases) -> Optional[Tuple[str, str]]:
    """(kind, dialect) of a TVMScript decorator expression, None for any other decorator."""
    target = node.func if isinstance(node, ast.Call) else node
    parts = _dotted(target)
    if parts is None:
        return None
    member = parts[-1]
    holder = parts[:-1]
    namespace: Optional[str] = None
    if len(holder) == 1 and holder[0] in aliases.namespaces:
        namespace = aliases.namespaces[holder[0]]
    elif holder and (holder[0] in aliases.tvm and holder[1:2] == ["script"]
                     or holder[0] in aliases.script):
        rest = holder[2:] if holder[0] in aliases.tvm else holder[1:]
        if rest in ([], ["parser"]) and member == "ir_module":
            namespace = "ir"
        elif len(rest) == 1 or rest[:1] == ["parser"] and len(rest) == 2:
            namespace = _namespace_kind("", rest[-1])
    elif not holder and member in aliases.ir_module:
        return ("module", "tirx")
    if namespace is None:
        return None
    if namespace == "ir" and member in MODULE_DECORATORS:
        return ("module", "tirx")
    if namespace == "tirx" and member in FUNCTION_DECORATORS:
        return ("function", "tirx")
    if namespace == "tirx" and member in MACRO_DECORATORS:
        return ("macro", "tirx")
    if namespace == "relax" and member == "function":
        return ("function", "relax")
    if namespace == "relax" and member == "macro":
        return ("macro", "relax")
    return None


def _script_decorator(node: ast.AST, aliases: Aliases) -> Optional[Tuple[str, str]]:
    for decorator in getattr(node, "decorator_list", ()):
        found = decorator_kind(decorator, aliases)
        if found is not None:
            return found
    return None


class _Names(ast.NodeVisitor):
    """The names a definition binds and the names it reads (in load context)."""

    def __init__(self) -> None:
        self.bound: Set[str] = set()
        self.read: List[str] = []

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.read.append(node.id)
        else:
            self.bound.add(node.id)

    def _function(self, node: ast.AST) -> None:
        args = node.args  # type: ignore[attr-defined]
        for arg in args.posonlyargs + args.args + args.kwonlyargs:
            self.bound.add(arg.arg)
        for arg in (args.vararg, args.kwarg):
            if arg is not None:
                self.bound.add(arg.arg)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.bound.add(node.name)
        self._function(node)

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._function(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.bound.add(node.name)
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.bound.add((alias.asname or alias.name).partition(".")[0])

    visit_ImportFrom = visit_Import  # type: ignore[assignment]

    def visit_arg(self, node: ast.arg) -> None:
        self.bound.add(node.arg)
        self.generic_visit(node)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.name:
            self.bound.add(node.name)
        self.generic_visit(node)


def _decorator_names(node: ast.AST) -> Set[str]:
    """Names that only the decorators read (the namespace alias, ``tvm``)."""
    names: Set[str] = set()
    for decorator in getattr(node, "decorator_list", ()):
        for sub in ast.walk(decorator):
            if isinstance(sub, ast.Name):
                names.add(sub.id)
    return names


def read_names(node: ast.AST) -> Tuple[Set[str], List[str]]:
    """(bound, read) over the definition without its own decorators (which the analysis
    recognises by name), with its members' decorators."""
    visitor = _Names()
    saved = getattr(node, "decorator_list", [])
    try:
        node.decorator_list = []  # type: ignore[attr-defined]
        visitor.visit(node)
    finally:
        node.decorator_list = saved  # type: ignore[attr-defined]
    return visitor.bound, visitor.read


def _symbol_declaration(stmt: ast.stmt, aliases: Aliases) -> Optional[str]:
    """``n = T.int32()`` / ``n = T.dynamic(...)`` / ``n = T.var(...)``: the declared name."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)):
        return None
    parts = _dotted(stmt.value.func)
    if parts is None or len(parts) != 2 or aliases.kind_of(parts[0]) != "tirx":
        return None
    return stmt.targets[0].id


def members_used(node: ast.AST, aliases: Aliases, members: frozenset) -> Tuple[str, ...]:
    """The ``T.<member>`` of ``members`` the definition uses, sorted."""
    found = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and \
                aliases.kind_of(sub.value.id) == "tirx" and sub.attr in members:
            found.append(sub.attr)
    return tuple(sorted(set(found)))


def s_tir_uses(node: ast.AST, aliases: Aliases) -> Tuple[str, ...]:
    return members_used(node, aliases, S_TIR_MEMBERS)


@dataclass
class _Scope:
    symbols: Set[str] = field(default_factory=set)
    depth: int = 0
    rejected: bool = False
    """Inside ``with pytest.raises(...)``: the test expects Apache TVM to refuse it."""
    xfail: bool = False
    """Inside a test marked ``@pytest.mark.xfail``: a test known to fail."""


def _is_xfail(node: ast.AST) -> bool:
    """``@pytest.mark.xfail`` or ``@pytest.mark.xfail(...)`` on a test function."""
    for decorator in getattr(node, "decorator_list", ()):
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if _dotted(target) == ["pytest", "mark", "xfail"]:
            return True
    return False


def _expects_error(stmt: ast.stmt) -> bool:
    """``with pytest.raises(...):`` (a test that the body fails)."""
    return isinstance(stmt, ast.With) and any(
        isinstance(item.context_expr, ast.Call)
        and _dotted(item.context_expr.func) == ["pytest", "raises"] for item in stmt.items)


def _members_dialect(node: ast.ClassDef, aliases: Aliases) -> str:
    dialects = set()
    for stmt in node.body:
        found = _script_decorator(stmt, aliases)
        if found is not None:
            dialects.add(found[1])
    if "relax" in dialects:
        return "mixed" if "tirx" in dialects else "relax"
    return "tirx"


def definitions(text: str) -> List[Definition]:
    """The file's outermost decorated TVMScript definitions, classified (see the module
    comment), in source order. A file that does not parse has none."""
    tree = ast.parse(text)
    aliases = file_aliases(tree)
    found: List[Tuple[ast.AST, Tuple[str, str], _Scope]] = []
    module_symbols: Set[str] = set()
    for stmt in tree.body:
        name = _symbol_declaration(stmt, aliases)
        if name is not None:
            module_symbols.add(name)
    _walk(tree.body, aliases, found, _Scope(set(module_symbols)))
    macros = {node.name for node, (kind, _), _ in found  # type: ignore[attr-defined]
              if kind == "macro"}
    known = set(aliases.namespaces) | macros | _BUILTINS
    # A macro's captures and members are its callers' too (a call builds the macro's body in
    # the caller): a function calling a macro with S-TIR blocks uses S-TIR blocks.
    macro_captures: Dict[str, Set[str]] = {}
    macro_members: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {}
    ordered = sorted(found, key=lambda item: item[1][0] != "macro")
    result = []
    for node, (kind, dialect), scope in ordered:
        if isinstance(node, ast.ClassDef):
            dialect = _members_dialect(node, aliases)
        decorators = node.decorator_list  # type: ignore[attr-defined]
        first = decorators[0].lineno if decorators else node.lineno  # type: ignore[attr-defined]
        unchecked = any(isinstance(d, ast.Call) and any(
            k.arg == "check_well_formed" and isinstance(k.value, ast.Constant)
            and k.value.value is False for k in d.keywords) for d in decorators)
        # A known-failing test's IR may be ill-formed as a `check_well_formed=False` one is.
        definition = Definition(first, node.lineno, node.name, kind, dialect,  # type: ignore
                                depth=scope.depth, unchecked=unchecked or scope.xfail,
                                rejected=scope.rejected)
        s_tir, device = set(s_tir_uses(node, aliases)), set(members_used(node, aliases,
                                                                        DEVICE_MEMBERS))
        bound, read = read_names(node)
        for name in set(read) & set(macro_members):
            s_tir.update(macro_members[name][0])
            device.update(macro_members[name][1])
        definition.s_tir, definition.device = tuple(sorted(s_tir)), tuple(sorted(device))
        if kind == "macro":
            macro_members[node.name] = (definition.s_tir, definition.device)  # type: ignore
        free = {n for n in read if n not in bound and n not in known and n not in scope.symbols}
        for name in set(read) & set(macro_captures):
            free |= macro_captures[name]
        if kind == "macro":
            macro_captures[node.name] = free  # type: ignore[attr-defined]
        captured = sorted(free)
        if isinstance(node, ast.ClassDef):
            captured = [n for n in captured if n != node.name]  # `Module.f` calls
        definition.captured = tuple(captured)
        if dialect in ("relax", "mixed"):
            definition.category = "relax"  # a module holding Relax is skipped whole
        elif definition.s_tir:
            definition.category = "s-tir-blocks"
        elif definition.device:
            definition.category = "device-kernels"
        elif kind == "macro":
            definition.category = "helper"
        elif captured:
            definition.category = "captured"
        result.append(definition)
    return sorted(result, key=lambda d: d.line)


_BODIES = ("body", "orelse", "finalbody")


def _walk(statements: Iterable[ast.stmt], aliases: Aliases,
          found: List[Tuple[ast.AST, Tuple[str, str], _Scope]], scope: _Scope) -> None:
    for stmt in statements:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            kind = _script_decorator(stmt, aliases)
            if kind is not None:
                found.append((stmt, kind, _Scope(set(scope.symbols), scope.depth,
                                                 scope.rejected, scope.xfail)))
                continue
            inner = _Scope(set(scope.symbols), scope.depth + 1, scope.rejected,
                           scope.xfail or _is_xfail(stmt))
            _walk(stmt.body, aliases, found, inner)
            continue
        if scope.depth:
            name = _symbol_declaration(stmt, aliases)
            if name is not None:
                scope.symbols.add(name)
        body_scope = scope
        if _expects_error(stmt):
            body_scope = _Scope(scope.symbols, scope.depth, rejected=True, xfail=scope.xfail)
        for field_name in _BODIES:
            inner_body = getattr(stmt, field_name, None)
            if isinstance(inner_body, list):
                _walk([s for s in inner_body if isinstance(s, ast.stmt)], aliases, found,
                      body_scope)
        for handler in getattr(stmt, "handlers", ()) or ():
            _walk(handler.body, aliases, found, scope)
        for case in getattr(stmt, "cases", ()) or ():
            _walk(case.body, aliases, found, scope)


__all__ = ["Aliases", "CATEGORIES", "Definition", "decorator_kind", "definitions",
           "file_aliases", "members_used", "read_names", "s_tir_uses"]
