"""Finding a file's TVMScript definitions without running the file.

A definition is a ``def`` or ``class`` whose decorator is a registered construction decorator,
recognised by its dotted name (``@T.function``, ``@T.prim_func(s_tir=True)``, ``@I.ir_module``),
never by running the decorator expression: ``T`` must be an import of a registered namespace
(``from tvm_tirx.script import tirx as T``) and ``function`` one of its decorator members.
Definitions are found at any depth: at top level, inside functions and classes (as in test
files), under ``if``, ``with``, ``try`` and loops; not inside another TVMScript definition.

What else is evaluated outside bodies is an allowlist too (``Evaluator``): imports of
registered namespaces, module-level symbols (``n = T.dynamic("n", "int64")``, ``n =
T.int32()``) with literal arguments, literal decorator options, and names bound to literal values
(``N = 128``, folded by literal_constants.py). Trusted analysis runs the
file's module code as an import would (analysis.py), and evaluates options in its namespace.
"""

from __future__ import annotations

import ast
import builtins
import typing
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, Iterable, List, Mapping, Optional, Set, Tuple

from ..builder import INTEGER_DTYPES, NamedByBinding
from ..decorators import ModuleDecorator, PythonFunctionDecorator, ScriptDecorator, is_decorator
from . import namespaces
from .ast_build import Loc, loc_of
from .literal_constants import ClassConstants, ConstantView, GlobalNames, ScopeConstants
from ..findings import let_stops_through
from .untrusted import UntrustedNotEvaluated, literal

SCRIPT_PACKAGES = ("tvm.script", "tvm.script.parser", "tvm_tirx.script", "tvm_tirx.script.parser")
"""Packages whose registered namespaces source may import without running anything: the
imported names are looked up in the namespace registry, never imported (Apache TVM's tests
import them from ``tvm.script.parser`` too)."""

RELAX = "relax"
"""The namespace Apache TVM's Relax functions come from: a file's ``from tvm.script import
relax as R`` is recognised so that each ``@R.function`` (and each module holding one) is
reported once, as information, and the rest of the file is analysed."""



@dataclass
class Refusal:
    """Something the analysis did not evaluate (an ``untrusted-not-evaluated`` diagnostic)."""

    loc: Loc
    error: UntrustedNotEvaluated


class Evaluator:
    """How expressions outside bodies are evaluated: literals only (untrusted), or as Python
    in the module's namespace (trusted)."""

    def __init__(self, trusted: bool, module_globals: Optional[Mapping[str, Any]] = None,
                 caller_names: FrozenSet[str] = frozenset()) -> None:
        self.trusted = trusted
        self.module_globals = module_globals or {}
        self.caller_names = caller_names
        """Names the caller bound (``extra_vars``): their objects may hold decorators."""
        self.packages: Dict[str, str] = {}
        """Names the file's imports bind to ``tvm`` or ``tvm.script`` (``package_aliases``):
        dotted decorators under them (``@tvm.script.ir_module``) are recognised by name."""

    def holds_decorators(self, name: str, value: Any) -> bool:
        """Whether ``name.member`` may name a decorator: a registered namespace, a caller's
        object, or (trusted) anything the module code bound."""
        return (namespaces.root_of(value) is not None or name in self.caller_names
                or (self.trusted and name in self.module_globals))

    def value(self, node: ast.expr, env: Mapping[str, Any]) -> Any:
        if not self.trusted:
            return literal(node)
        scope = {**self.module_globals, **env}
        scope.setdefault("__builtins__", builtins)
        code = compile(ast.Expression(body=node), "<option>", "eval")
        return eval(code, scope)  # noqa: S307 - trusted source only


def namespace_imports(statements: Iterable[ast.stmt]) -> Dict[str, Any]:
    """``from tvm_tirx.script import tirx as T`` (or ``tvm.script``'s): alias -> namespace."""
    env: Dict[str, Any] = {}
    for stmt in statements:
        env.update(_imported_namespaces(stmt))
    return env


def _imported_namespaces(stmt: ast.stmt) -> Dict[str, Any]:
    found: Dict[str, Any] = {}
    if isinstance(stmt, ast.ImportFrom) and stmt.module in SCRIPT_PACKAGES and not stmt.level:
        for alias in stmt.names:
            namespace = namespaces.lookup(alias.name)
            if namespace is not None:
                found[alias.asname or alias.name] = namespace
    return found


def package_aliases(statements: Iterable[ast.stmt]) -> Dict[str, str]:
    """Names the module's imports bind to ``tvm`` (``import tvm``, ``import tvm.script``) or
    ``tvm.script`` (``from tvm import script``, ``import tvm.script as S``), and to Relax
    (``from tvm.script import relax as R``): name -> "tvm", "tvm.script" or "relax"."""
    found: Dict[str, str] = {}
    for stmt in statements:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname is None and alias.name.partition(".")[0] == "tvm":
                    found["tvm"] = "tvm"
                elif alias.name in ("tvm", "tvm.script") and alias.asname:
                    found[alias.asname] = alias.name
        elif isinstance(stmt, ast.ImportFrom) and not stmt.level:
            for alias in stmt.names:
                bound = alias.asname or alias.name
                if stmt.module == "tvm" and alias.name == "script":
                    found[bound] = "tvm.script"
                elif stmt.module in SCRIPT_PACKAGES and alias.name == RELAX:
                    found[bound] = RELAX
    return found


def _dotted_parts(node: ast.expr) -> Optional[List[str]]:
    parts: List[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]


def _package_member(node: ast.expr, evaluator: Optional["Evaluator"]) -> Optional[Tuple[Any, str]]:
    """``tvm.script.ir_module``, ``tvm.script.tirx.prim_func``, ``script.ir_module`` (with
    ``parser.`` after ``script`` or not) under a name of ``Evaluator.packages``: (the
    registered namespace, member)."""
    parts = _dotted_parts(node)
    if parts is None or evaluator is None or len(parts) < 2:
        return None
    package = evaluator.packages.get(parts[0])
    if package not in ("tvm", "tvm.script"):
        return None
    rest = parts[1:]
    if package == "tvm":
        if rest[:1] != ["script"]:
            return None
        rest = rest[1:]
    if rest[:1] == ["parser"]:
        rest = rest[1:]
    if rest == ["ir_module"]:
        rest = ["ir", "ir_module"]
    if len(rest) != 2 or rest[1].startswith("_"):
        return None
    namespace = namespaces.lookup(rest[0])
    return (namespace, rest[1]) if namespace is not None else None


_RELAX_DEFINITIONS = ("function", "macro")


def relax_decorator(node: ast.AST, packages: Mapping[str, str]) -> Optional[ast.expr]:
    """The ``@R.function`` / ``@R.macro`` decorator of a def (R imported as Relax), if any.
    Other Relax decorators (a pattern class's ``@R.rewriter``) mark plain Python here: the
    TIR functions inside are found and analysed."""
    for expr in getattr(node, "decorator_list", ()):
        target = expr.func if isinstance(expr, ast.Call) else expr
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and \
                packages.get(target.value.id) == RELAX and target.attr in _RELAX_DEFINITIONS:
            return expr
    return None


def _namespace_member(node: ast.expr, env: Mapping[str, Any],
                      evaluator: Optional["Evaluator"] = None) -> Optional[Tuple[Any, str]]:
    """``X.member`` where ``X`` names a registered namespace (or an object the evaluator
    lets hold decorators), or a dotted path under ``tvm.script``: (namespace, member)."""
    if isinstance(node, ast.Attribute) and (isinstance(node.value, ast.Attribute) or (
            isinstance(node.value, ast.Name) and evaluator is not None
            and node.value.id in evaluator.packages and node.value.id not in env)):
        return _package_member(node, evaluator)
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
        return None
    namespace = env.get(node.value.id)
    if namespace is None:
        return None
    if namespaces.root_of(namespace) is None and not (
            evaluator is not None and evaluator.holds_decorators(node.value.id, namespace)):
        return None
    if node.attr.startswith("_"):
        return None
    return namespace, node.attr


def _is_typevar_of(call: ast.Call, target: str) -> bool:
    """``N = TypeVar("N")`` / ``N = typing.TypeVar("N")``, its own name and nothing else: Apache
    TVM's symbol of a prim_func (typevar_symbols.py), read without running the file (Apache TVM
    gives ``TypeVar`` to every script, so no import is needed)."""
    func = call.func
    named = (isinstance(func, ast.Name) and func.id == "TypeVar") or (
        isinstance(func, ast.Attribute) and func.attr == "TypeVar"
        and isinstance(func.value, ast.Name) and func.value.id == "typing")
    return named and not call.keywords and len(call.args) == 1 and \
        isinstance(call.args[0], ast.Constant) and call.args[0].value == target


def symbol_declaration(stmt: ast.stmt, env: Mapping[str, Any]) -> Optional[Tuple[str, Any]]:
    """``n = T.dynamic("n", ...)`` / ``n = T.int32()`` with literal arguments (``dtype=`` the
    only keyword), or the reference's IR class ``n = T.Var("n", "int32")`` of an integer type
    (both literal strings): (name, value), the value made by the namespace's own constructor;
    ``N = TypeVar("N")``: (name, the TypeVar); None for any other statement."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)):
        return None
    call = stmt.value
    target = stmt.targets[0].id
    if _is_typevar_of(call, target):
        return target, typing.TypeVar(target)
    member = _namespace_member(call.func, env)
    if member is None:
        return None
    namespace, name = member
    if name == "dynamic":
        # `dtype=` is the one keyword: printed modules spell it (`T.dynamic("n", dtype="int32")`).
        if not call.args or any(k.arg != "dtype" for k in call.keywords):
            return None
    elif name == "Var":
        # The variable is a symbol as T.dynamic's is, when its type is an integer dtype name.
        if len(call.args) != 2 or call.keywords or not all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args) \
                or call.args[1].value not in INTEGER_DTYPES:
            return None
    elif name not in INTEGER_DTYPES or call.args or call.keywords:
        return None
    args = [literal(a) for a in call.args]
    kwargs = {k.arg: literal(k.value) for k in call.keywords}
    value = getattr(namespace, name)(*args, **kwargs)
    return target, value.bind(target) if isinstance(value, NamedByBinding) else value


@dataclass
class DecoratorMatch:
    """A recognised construction decorator, configured with the options it could evaluate."""

    decorator: Any
    loc: Loc
    refusals: List[Refusal] = field(default_factory=list)


def recognise_decorator(node: ast.expr, env: Mapping[str, Any],
                        evaluator: Evaluator) -> Optional[DecoratorMatch]:
    """The construction decorator ``node`` names (None when it names none). Options the
    evaluator refuses are left out and reported; a bad option raises (TypeError...)."""
    call = node if isinstance(node, ast.Call) else None
    member = _namespace_member(call.func if call is not None else node, env, evaluator)
    if member is None:
        return None
    namespace, name = member
    try:
        decorator = getattr(namespace, name, None)
    except Exception:  # noqa: BLE001 - a caller's object that fails to answer: not ours
        return None
    if not is_decorator(decorator):
        return None
    match = DecoratorMatch(decorator, loc_of(node))
    if call is None:
        return match
    if call.args:
        raise TypeError(f"`{decorator.display}` takes keyword options only")
    options: Dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            match.refusals.append(Refusal(loc_of(keyword.value), UntrustedNotEvaluated(
                "`**options` in a decorator is not evaluated: write each option")))
            continue
        try:
            options[keyword.arg] = evaluator.value(keyword.value, env)
        except UntrustedNotEvaluated as refusal:
            match.refusals.append(Refusal(loc_of(keyword.value), refusal))
    match.decorator = decorator(**options) if isinstance(decorator, ScriptDecorator) else \
        decorator
    return match


def definition_decorator(node: ast.AST, env: Mapping[str, Any],
                         evaluator: Evaluator) -> Optional[DecoratorMatch]:
    """The first construction decorator of a def or class (None when it has none). Its other
    decorators, and a class's bases and keywords, are not evaluated (untrusted): each is a
    refusal of the match."""
    decorators = list(getattr(node, "decorator_list", ()))
    for expr in decorators:
        found = recognise_decorator(expr, env, evaluator)
        if found is not None:
            if not evaluator.trusted:
                others = [e for e in decorators if e is not expr]
                others += list(getattr(node, "bases", ())) + [
                    k.value for k in getattr(node, "keywords", ())]
                found.refusals.extend(Refusal(loc_of(e), UntrustedNotEvaluated(
                    "This decorator or class base is not evaluated in untrusted TVMScript: "
                    "the definition is built as if it were absent (trust the workspace to run "
                    "its Python)")) for e in others)
            return found
    return None


@dataclass
class Found:
    """A TVMScript definition found in the file: where, how it is decorated, and the symbols
    declared in the functions around it (a test function's ``n = T.dynamic("n")``)."""

    node: Any
    match: Optional[DecoratorMatch]
    error: Optional[BaseException]
    """Recognising its decorator failed (a bad option): reported, the definition not built."""
    scope_symbols: Dict[str, Any]
    depth: int
    path: Tuple[str, ...] = ()
    """The names of the enclosing definitions and its own (``TestSuite.method``)."""
    constants: Dict[str, Any] = field(default_factory=dict)
    """Names the file binds to literal values that the definition sees (``N = 128``;
    literal_constants.py)."""

    @property
    def decorator(self) -> Any:
        return self.match.decorator if self.match is not None else None

    @property
    def kind(self) -> str:
        decorator = self.decorator
        if isinstance(decorator, ModuleDecorator):
            return "module"
        kind = getattr(decorator, "kind", None)
        return "macro" if getattr(kind, "name", "") == "MACRO" else "function"


@dataclass
class Discovery:
    found: List[Found] = field(default_factory=list)
    python_names: Set[str] = field(default_factory=set)
    """Names the file binds with Python the analysis does not run."""
    refusals: List[Refusal] = field(default_factory=list)
    notes: List[Refusal] = field(default_factory=list)
    """Information, not errors: each Relax definition, once (it is not analysed)."""


@dataclass
class _Scope:
    """Where the walk is: the symbols declared by the enclosing functions, whether it is a
    class body, and the names of the enclosing definitions."""

    symbols: Dict[str, Any] = field(default_factory=dict)
    is_class: bool = False
    path: Tuple[str, ...] = ()
    constants: Optional[ConstantView] = None


def discover(statements: List[ast.stmt], env: Mapping[str, Any],
             evaluator: Evaluator) -> Discovery:
    """Every TVMScript definition under ``statements`` (a module body), in source order."""
    result = Discovery()
    evaluator.packages.update(package_aliases(statements))
    global_names = GlobalNames(statements)
    _walk(statements, env, evaluator, result,
          _Scope(constants=ScopeConstants(statements, None, (), global_names)))
    return result


_COMPOUND_BODIES = ("body", "orelse", "finalbody", "handlers")


def _walk(statements: List[ast.stmt], env: Mapping[str, Any], evaluator: Evaluator,
          result: Discovery, scope: _Scope) -> None:
    for stmt in statements:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            _definition(stmt, env, evaluator, result, scope)
            continue
        if scope.path and not scope.is_class:
            # A test function's own `from tvm.script import tirx as T` (the definitions
            # after it in that function see it, as Python would).
            imported = _imported_namespaces(stmt)
            if imported:
                scope.symbols.update(imported)
                continue
            if isinstance(stmt, ast.ImportFrom) and stmt.module in SCRIPT_PACKAGES and \
                    not stmt.level and any(a.name == RELAX for a in stmt.names):
                evaluator.packages.update((a.asname or a.name, RELAX) for a in stmt.names
                                          if a.name == RELAX)
        if scope.path and not scope.is_class:
            try:
                declared = symbol_declaration(stmt, {**env, **scope.symbols})
            except Exception as error:  # noqa: BLE001 - a refused or bad declaration
                let_stops_through(error)
                declared = None
                if isinstance(error, UntrustedNotEvaluated):
                    result.refusals.append(Refusal(loc_of(stmt), error))
            if declared is not None:
                scope.symbols[declared[0]] = declared[1]
                continue
        result.python_names.update(_bound_by(stmt))
        for field_name in _COMPOUND_BODIES:
            inner = getattr(stmt, field_name, None)
            if isinstance(inner, list):
                blocks = [h.body for h in inner] if field_name == "handlers" else [inner]
                for block in blocks:
                    _walk([s for s in block if isinstance(s, ast.stmt)], env, evaluator, result,
                          scope)
        for case in getattr(stmt, "cases", ()) or ():  # match statements
            _walk(case.body, env, evaluator, result, scope)


def _relax_note(stmt: Any, match: Optional[DecoratorMatch],
                evaluator: Evaluator) -> Optional[Refusal]:
    """The information that a Relax function, or a module holding one, is not analysed (a
    class is a module when its decorator is a module decorator: ``match``)."""
    relax = relax_decorator(stmt, evaluator.packages)
    if relax is not None:
        return Refusal(loc_of(relax), NotImplementedError(
            f"`{stmt.name}` is a Relax function, which this parser does not analyse (it "
            "analyses TIR: `@T.prim_func`); it is skipped"))
    if not isinstance(stmt, ast.ClassDef) or match is None or \
            not isinstance(match.decorator, ModuleDecorator):
        return None
    members = [m for m in stmt.body if relax_decorator(m, evaluator.packages) is not None]
    if not members:
        return None
    return Refusal(loc_of(stmt.decorator_list[0]) if stmt.decorator_list else loc_of(stmt),
                   NotImplementedError(
        f"`{stmt.name}` holds Relax functions (`{members[0].name}`...), which this parser "
        "does not analyse; the module, its TIR functions included, is skipped"))


def _definition(stmt: Any, env: Mapping[str, Any], evaluator: Evaluator, result: Discovery,
                scope: _Scope) -> None:
    visible = {**env, **scope.symbols}
    match: Optional[DecoratorMatch] = None
    error: Optional[BaseException] = None
    try:
        match = definition_decorator(stmt, visible, evaluator)
    except Exception as exc:  # noqa: BLE001 - a bad decorator option is a diagnostic
        let_stops_through(exc)
        error = exc
    note = _relax_note(stmt, match, evaluator)
    if note is not None:
        result.notes.append(note)
        result.python_names.add(stmt.name)
        return
    if match is not None and isinstance(match.decorator, PythonFunctionDecorator):
        match = None  # a module's Python member outside a module: plain Python
    if match is not None or error is not None:
        constants = scope.constants.at_line(stmt.lineno) if scope.constants else {}
        result.found.append(Found(stmt, match, error, dict(scope.symbols), len(scope.path),
                                  (*scope.path, stmt.name), constants))
        return
    result.python_names.add(stmt.name)
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        # A test function's parameters (`def test_mul(dtype)`, pytest's parametrize) are
        # bound by Python too: a definition inside reading one needs a value never known.
        result.python_names.update(_parameters(stmt.args))
    constants: Optional[ConstantView] = None
    if scope.constants is not None and isinstance(stmt, ast.ClassDef):
        constants = ClassConstants(scope.constants, stmt.lineno)
    elif scope.constants is not None:
        constants = ScopeConstants(stmt.body, scope.constants, _parameters(stmt.args),
                                   scope.constants.global_names)
    inner = _Scope(dict(scope.symbols), isinstance(stmt, ast.ClassDef), (*scope.path, stmt.name),
                   constants)
    _walk(stmt.body, env, evaluator, result, inner)


def _parameters(arguments: ast.arguments) -> List[str]:
    return [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                            *filter(None, (arguments.vararg, arguments.kwarg)))]


def _bound_by(stmt: ast.stmt) -> Set[str]:
    names: Set[str] = set()
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        for alias in stmt.names:
            names.add((alias.asname or alias.name).partition(".")[0])
        return names
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


__all__ = [
    "DecoratorMatch", "Discovery", "Evaluator", "Found", "RELAX", "Refusal", "SCRIPT_PACKAGES",
    "definition_decorator", "discover", "namespace_imports", "package_aliases",
    "recognise_decorator", "relax_decorator", "symbol_declaration",
]
