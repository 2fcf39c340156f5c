"""Names a file binds to literal values beside its TVMScript, folded without running anything.

Test files write ``N = 128``, ``dtype = "float16"`` or ``shape = (M, 4 * M)`` next to their
definitions. Untrusted analysis runs none of the file's Python, so a definition reading such a
name needed the workspace's trust. These values are folded here, by our own code, from a closed
set of forms: literals (numbers, strings, bools, ``None``), tuples and lists of them, names
folded before, an element of a folded tuple or list by a literal index, and the arithmetic
operators with the size checks of the untrusted evaluator (``ValueRules``). Nothing else is
folded: no call, no attribute, no comprehension.

Which names, per scope (the module, or one function's body):

- every binding of the name in the scope is a plain assignment (``NAME = expr`` or ``A, B =
  expr``) written directly in the scope's body, not under ``if``/``for``/``while``/``with``/
  ``try``; any other binding (a parameter, a loop target, an import, ``+=``, a walrus, a nested
  ``def``) makes it Python's, and so does a ``global`` or ``nonlocal`` of it anywhere in the file;
- a definition in the same body reads the value of the last assignment above it (its decorator
  runs there);
- a definition inside a nested function reads the name when that function runs, after the whole
  body ran: it sees the value only when every assignment in the scope folds to the same value.

Class bodies fold nothing (their names are not visible to the functions inside).
"""

from __future__ import annotations

import ast
from typing import Any, Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Tuple, Union

from .evaluator_values import Budget, ValueRules

MAX_CONSTANT_ELEMENTS = 100_000
"""The elements the folded constants of one scope may make (``(0,) * n``)."""

_UNFOLDED = object()
"""An assignment whose value is not folded: the name is Python's from there on."""

_FOLDED_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow,
                     ast.LShift, ast.RShift, ast.BitOr, ast.BitXor, ast.BitAnd)
_FOLDED_UNARY = (ast.UAdd, ast.USub, ast.Invert)
_SCALARS = (int, float, bool, str, type(None))


class _NotFolded(Exception):
    """The expression is outside the folded forms."""


class _Folder:
    """Folds expressions of one scope, charging one budget."""

    def __init__(self) -> None:
        self.rules = ValueRules(Budget(MAX_CONSTANT_ELEMENTS), lambda _value: False)

    def fold(self, node: ast.expr, names: Mapping[str, Any]) -> Any:
        if isinstance(node, ast.Constant):
            if type(node.value) not in _SCALARS:
                raise _NotFolded  # bytes, complex, Ellipsis
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in names:
                raise _NotFolded
            return names[node.id]
        if isinstance(node, (ast.Tuple, ast.List)):
            if any(isinstance(e, ast.Starred) for e in node.elts):
                raise _NotFolded
            self.rules.budget.charge(len(node.elts), "This constant")
            elements = [self.fold(e, names) for e in node.elts]
            return tuple(elements) if isinstance(node, ast.Tuple) else elements
        if isinstance(node, ast.BinOp) and isinstance(node.op, _FOLDED_OPERATORS):
            left = self.fold(node.left, names)
            right = self.fold(node.right, names)
            if type(left) is str and isinstance(node.op, ast.Mod):
                raise _NotFolded  # `str % x` formats
            result = self.rules.binary(type(node.op), left, right)
            if isinstance(result, list):
                result = list(result)  # not the rules' own container
            return result
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, _FOLDED_UNARY):
            return self.rules.unary(type(node.op), self.fold(node.operand, names))
        if isinstance(node, ast.Subscript):
            value = self.fold(node.value, names)
            index = self.fold(node.slice, names)
            if type(value) not in (tuple, list) or type(index) is not int:
                raise _NotFolded
            return value[index]
        raise _NotFolded

    def try_fold(self, node: ast.expr, names: Mapping[str, Any]) -> Any:
        try:
            return self.fold(node, names)
        except Exception:  # noqa: BLE001 - outside the forms, too large, or failing: unfolded
            return _UNFOLDED


def _scope_nodes(body: Iterable[ast.stmt]) -> Iterable[ast.AST]:
    """The nodes of a scope's body, not descending into nested functions, classes and lambdas
    (their own scopes), but into comprehensions (a walrus there binds in this scope)."""
    stack: List[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stack.extend(node.decorator_list)
            if not isinstance(node, ast.ClassDef):
                stack.extend(node.args.defaults)
                stack.extend(d for d in node.args.kw_defaults if d is not None)
            else:
                stack.extend(node.bases)
            continue
        if isinstance(node, ast.Lambda):
            continue
        stack.extend(ast.iter_child_nodes(node))


def _bindings(body: Iterable[ast.stmt]) -> Dict[str, int]:
    """How many times each name is bound in the scope, by any form: the sum over its
    statements, each counted once and remembered on the statement (an edit re-parses only its
    own chunk, so a large module's other statements are not walked again)."""
    counts: Dict[str, int] = {}
    for stmt in body:
        own = stmt.__dict__.get("_tvm_bindings")
        if own is None:
            own = stmt._tvm_bindings = _statement_bindings(stmt)  # type: ignore[attr-defined]
        for name, count in own.items():
            counts[name] = counts.get(name, 0) + count
    return counts


def _statement_bindings(stmt: ast.stmt) -> Dict[str, int]:
    """How many times each name is bound by one statement of a scope's body."""
    counts: Dict[str, int] = {}

    def bind(name: Optional[str]) -> None:
        if name:
            counts[name] = counts.get(name, 0) + 1

    for node in _scope_nodes((stmt,)):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bind(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bind((alias.asname or alias.name).partition(".")[0])
        elif isinstance(node, ast.ExceptHandler):
            bind(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)):
            bind(node.name)
        elif isinstance(node, ast.MatchMapping):
            bind(node.rest)
    return counts


def _direct_targets(stmt: ast.stmt) -> Optional[List[Tuple[str, Optional[int], int]]]:
    """The names a plain assignment binds, each with its position in an unpacked tuple and the
    tuple's length (None and 0: the whole value); None for any other statement."""
    if not isinstance(stmt, ast.Assign):
        return None
    found: List[Tuple[str, Optional[int], int]] = []
    for target in stmt.targets:
        if isinstance(target, ast.Name):
            found.append((target.id, None, 0))
        elif isinstance(target, (ast.Tuple, ast.List)) and \
                all(isinstance(e, ast.Name) for e in target.elts):
            arity = len(target.elts)
            found.extend((e.id, i, arity) for i, e in enumerate(target.elts))  # type: ignore[attr-defined]
        else:
            return None
    return found


class GlobalNames:
    """Names some function of the file declares ``global`` or ``nonlocal`` (rebound from
    elsewhere: never folded), found on first use."""

    def __init__(self, statements: List[ast.stmt]) -> None:
        self._statements = statements
        self._names: Optional[FrozenSet[str]] = None

    def get(self) -> FrozenSet[str]:
        if self._names is None:
            self._names = frozenset(name for stmt in self._statements
                                    for name in _declared_in(stmt))
        return self._names


def _declared_in(stmt: ast.stmt) -> Tuple[str, ...]:
    """The names a top-level statement declares ``global`` or ``nonlocal`` anywhere in it,
    remembered on the statement (an edit re-parses only its own chunk, so the rest of a large
    file is not walked again)."""
    names = stmt.__dict__.get("_tvm_global_names")
    if names is None:
        names = tuple(name for node in _statements_in(stmt)
                      if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names)
        stmt._tvm_global_names = names  # type: ignore[attr-defined]
    return names


_STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements_in(stmt: ast.stmt) -> Iterator[ast.AST]:
    """``stmt`` and every statement nested in it, without the expressions: ``global`` and
    ``nonlocal`` are statements, and skipping the expressions (most of a tree's nodes) made the
    first screen of a 20,000-line file walk 18 times fewer nodes. Lambdas and comprehensions
    hold no statements; an except handler and a match case are walked for their bodies."""
    pending: List[ast.AST] = [stmt]
    while pending:
        node = pending.pop()
        yield node
        for field in _STATEMENT_LISTS:
            children = getattr(node, field, None)
            if isinstance(children, list):
                pending.extend(child for child in children if isinstance(child, ast.AST))


class ScopeConstants:
    """The folded names of one scope (the module or a function body), computed on first use.
    ``outer`` is the enclosing scope's view (None at the module); ``parameters`` the names the
    scope's function binds as parameters."""

    def __init__(self, body: List[ast.stmt], outer: Optional["ConstantView"],
                 parameters: Iterable[str], global_names: GlobalNames) -> None:
        self._body = body
        self._outer = outer
        self._parameters = frozenset(parameters)
        self.global_names = global_names
        self._timeline: Optional[List[Tuple[int, str, Any]]] = None
        self._start: Dict[str, Any] = {}
        self._nested: Optional[Dict[str, Any]] = None

    def _compute(self) -> List[Tuple[int, str, Any]]:
        if self._timeline is not None:
            return self._timeline
        counts = _bindings(self._body)
        direct: Dict[str, int] = {}
        assignments = []
        for stmt in self._body:
            targets = _direct_targets(stmt)
            if targets is not None:
                assignments.append((stmt, targets))
                for name, _, _ in targets:
                    direct[name] = direct.get(name, 0) + 1
        excluded = self.global_names.get()
        eligible = {name for name, count in direct.items()
                    if counts.get(name) == count and name not in excluded
                    and name not in self._parameters and not name.startswith("__")}
        shadowed = set(counts) | self._parameters
        inherited = self._outer.nested() if self._outer is not None else {}
        self._start = {k: v for k, v in inherited.items() if k not in shadowed}
        folder = _Folder()
        names = dict(self._start)
        timeline: List[Tuple[int, str, Any]] = []
        for stmt, targets in assignments:
            if not any(name in eligible for name, _, _ in targets):
                continue
            value = folder.try_fold(stmt.value, names)
            for name, index, arity in targets:
                if name not in eligible:
                    continue
                part = value
                if index is not None and value is not _UNFOLDED:
                    fits = type(value) in (tuple, list) and len(value) == arity
                    part = value[index] if fits else _UNFOLDED
                timeline.append((stmt.lineno, name, part))
                if part is _UNFOLDED:
                    names.pop(name, None)
                else:
                    names[name] = part
        self._timeline = timeline
        return timeline

    def at_line(self, line: int) -> Dict[str, Any]:
        """The constants a definition starting at ``line`` in this scope's body reads."""
        timeline = self._compute()
        values = dict(self._start)
        for lineno, name, value in timeline:
            if lineno >= line:
                break
            if value is _UNFOLDED:
                values.pop(name, None)
            else:
                values[name] = value
        return values

    def nested(self) -> Dict[str, Any]:
        """The constants a function nested in this scope reads when it runs: names whose every
        assignment folds to the same value, and inherited ones this scope does not bind."""
        if self._nested is None:
            timeline = self._compute()
            seen: Dict[str, Any] = {}
            for _, name, value in timeline:
                earlier = seen.get(name, value)
                agrees = value is not _UNFOLDED and earlier is not _UNFOLDED and \
                    type(earlier) is type(value) and earlier == value
                seen[name] = value if agrees else _UNFOLDED
            values = dict(self._start)
            values.update((k, v) for k, v in seen.items() if v is not _UNFOLDED)
            self._nested = values
        return self._nested


class ClassConstants:
    """A class body folds nothing: a definition directly in it reads the enclosing scope's
    constants as they were when the class statement ran; a function inside reads them as a
    function of the enclosing scope would."""

    def __init__(self, outer: "ConstantView", line: int) -> None:
        self._outer = outer
        self._line = line
        self.global_names = outer.global_names

    def at_line(self, line: int) -> Dict[str, Any]:
        del line  # the class statement ran at once
        return self._outer.at_line(self._line)

    def nested(self) -> Dict[str, Any]:
        return self._outer.nested()


ConstantView = Union[ScopeConstants, ClassConstants]

__all__ = ["ClassConstants", "ConstantView", "GlobalNames", "MAX_CONSTANT_ELEMENTS",
           "ScopeConstants"]
