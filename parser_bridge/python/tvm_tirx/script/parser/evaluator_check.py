"""The untrusted evaluator's static pass: before anything of a definition is evaluated, every
statement is checked as the transpiler checks it (the same messages, the same statements
rejected), so a statement that can never run (a branch not taken, a macro never called) is
still reported, and the evaluator's dispatch meets only statements it knows.

A rejected statement is recorded (tolerant analysis) and later binds the poison in place of
what it would have bound; otherwise the first rejection raises.
"""

from __future__ import annotations

import ast
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

from .ast_build import loc_of, walk_nodes
from .evaluator_values import refusal
from .locations import attach_location
from .transpile import (MutableNames, SyntaxErrorFactory, is_constexpr, nested_macro_error,
                        statement_method, without_docstring)

# What encloses a statement, innermost last.
IR_LOOP, IR_SCOPE, HOST_LOOP = "ir-loop", "ir-scope", "host-loop"

_EXPRESSION_ERRORS = {
    ast.NamedExpr: "Assignment expressions (`:=`) are not supported in TVMScript",
    ast.Await: "`await` is not supported in TVMScript",
    ast.Yield: "`yield` is not supported in TVMScript",
    ast.YieldFrom: "`yield` is not supported in TVMScript",
}
# Python syntax the evaluator has no rule for: refused wherever it is.
_EXPRESSION_REFUSALS = {
    ast.GeneratorExp: "A generator expression",
    ast.SetComp: "A set comprehension",
}


class StatementCheck:
    """Checks one body. ``precheck`` is the untrusted name rule of each statement's parts;
    ``rejects`` the exception types that reject a statement in tolerant mode."""

    def __init__(self, errors: SyntaxErrorFactory, *, tolerant: bool, returns_value: bool,
                 precheck: Optional[Callable[[Sequence[ast.AST]], None]],
                 rejects: Tuple[type, ...], mutable: MutableNames, symbols: Set[str]) -> None:
        self.errors = errors
        self.tolerant = tolerant
        self.returns_value = returns_value
        self.precheck = precheck
        self.rejects = rejects
        self.mutable = mutable
        self.symbols = symbols
        self.member_refusal: Optional[Callable[[ast.Attribute], Optional[str]]] = None
        """What ``X.name`` refuses when ``X`` names a registered namespace and ``name`` is
        none of its members for bodies (a hook, a decorator, an internal), None otherwise:
        refused before the statement runs."""
        self.scopes: List[str] = []
        self.rejected: Dict[int, BaseException] = {}
        """``id`` of each rejected statement -> why."""
        self.order: List[BaseException] = []
        """The rejections in source order."""

    def body(self, stmts: Sequence[ast.stmt]) -> None:
        for stmt in stmts:
            if not self.tolerant:
                self.stmt(stmt)
                continue
            try:
                self.stmt(stmt)
            except (SyntaxError, *self.rejects) as error:
                self.rejected[id(stmt)] = error
                self.order.append(error)

    def scoped(self, scope: str, stmts: Sequence[ast.stmt]) -> None:
        self.scopes.append(scope)
        try:
            self.body(stmts)
        finally:
            self.scopes.pop()

    def expr(self, node: Optional[ast.AST]) -> None:
        """The expression rules: syntax TVMScript does not have, and syntax the evaluator
        refuses (generators, sets)."""
        if node is None:
            return
        found: List[Tuple[Tuple[int, int], BaseException]] = []
        for child in walk_nodes(node):
            message = _EXPRESSION_ERRORS.get(type(child))
            if message is not None:
                found.append((_start(child), self.errors.at(child, message)))
            refused = _EXPRESSION_REFUSALS.get(type(child))
            if refused is not None:
                found.append((_start(child), self.refused(child, refused)))
            if isinstance(child, (ast.ListComp, ast.DictComp)):
                found.extend(self._comprehension_targets(child))
            if isinstance(child, ast.Attribute) and self.member_refusal is not None:
                what = self.member_refusal(child)
                if what is not None:
                    found.append((_start(child), self.refused(child, what)))
        if found:  # the first in source order, as the name rule reports
            raise min(found, key=lambda item: item[0])[1]

    def _comprehension_targets(self, node: ast.AST) -> List[Tuple[Tuple[int, int],
                                                                 BaseException]]:
        found: List[Tuple[Tuple[int, int], BaseException]] = []
        for generator in node.generators:  # type: ignore[attr-defined]
            pending = [generator.target]
            while pending:
                target = pending.pop()
                if isinstance(target, (ast.Tuple, ast.List)):
                    pending.extend(target.elts)
                elif not isinstance(target, ast.Name):  # refused whole: nothing inside runs
                    found.append((_start(target), self.refused(
                        target, "A comprehension target other than a name")))
            if generator.is_async:
                found.append((_start(node), self.errors.at(
                    node, "`async for` is not supported in TVMScript")))
        return found

    def refused(self, node: ast.AST, what: str) -> BaseException:
        """The refusal of syntax the evaluator has no rule for, located at ``node``."""
        error = refusal(what)
        attach_location(error, self.errors.source_name, loc_of(node), self.errors.lines)
        return error

    def annotation(self, node: ast.expr) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            raise self.errors.at(node, "Quoted annotations are not supported in TVMScript: "
                                       "write the annotation without quotes")
        self.expr(node)

    def stmt(self, node: ast.stmt) -> None:
        statement_method(self, node, self.precheck, self.errors)(node)

    def stmt_Pass(self, node: ast.Pass) -> None:
        pass

    def stmt_Expr(self, node: ast.Expr) -> None:
        self.expr(node.value)

    def target(self, target: ast.expr, node: ast.stmt, has_value: bool,
               annotation: Optional[ast.expr] = None) -> None:
        if isinstance(target, ast.Name):
            if annotation is not None:
                self.annotation(annotation)
            if id(node) in self.mutable.declarations:
                return
            if not has_value:
                raise self.errors.at(node, "A declaration without a value declares a mutable "
                                           "scalar (`x: T.int32`); other names need a value: "
                                           "write `x: type = value`")
            if target.id in self.mutable.names:
                self.mutable_store(target, node)
                return
            if target.id in self.symbols:
                raise self.errors.at(target, f"Symbol `{target.id}` cannot be reassigned: the "
                                             "function's `[...]` header declares it")
            return
        if isinstance(target, ast.Subscript):
            if annotation is not None:
                raise self.errors.at(node, "A store `x[...] = value` takes no annotation")
            self.setitem(target)
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                if not isinstance(element, ast.Name):
                    raise self.errors.at(element, "Unpacking assigns to plain names only")
            return
        raise self.errors.at(target, "Only names, tensor elements and tuples of names can be "
                                     "assigned in TVMScript")

    def mutable_store(self, target: ast.Name, node: ast.stmt) -> None:
        first = self.mutable.first[target.id]
        if (node.lineno, node.col_offset) < (first.lineno, first.col_offset):
            raise self.errors.at(target, f"`{target.id}` is declared as mutable storage "
                                         "further down the function; assign it after that "
                                         "declaration")

    def setitem(self, target: ast.Subscript) -> None:
        self.expr(target.value)
        index = target.slice
        for part in (index.elts if isinstance(index, ast.Tuple) else [index]):
            if isinstance(part, ast.Slice):
                if part.lower is None or part.upper is None:
                    raise self.errors.at(part, "A tensor slice needs both bounds: write "
                                               "`A[start:stop] = value`")
                self.expr(part.lower)
                self.expr(part.upper)
                self.expr(part.step)
            else:
                self.expr(part)

    def stmt_Assign(self, node: ast.Assign) -> None:
        self.expr(node.value)
        for target in node.targets:
            self.target(target, node, True)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.expr(node.value)
        self.target(node.target, node, node.value is not None, node.annotation)

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        self.expr(node.value)
        if isinstance(node.target, ast.Name):
            if node.target.id in self.mutable.names:
                self.mutable_store(node.target, node)
                return
            self.target(node.target, node, True)
            return
        if not isinstance(node.target, ast.Subscript):
            raise self.errors.at(node, "`x op= value` works on names and tensor elements "
                                       "(`A[i] += v`)")
        self.setitem(node.target)

    def loop_target(self, target: ast.expr) -> None:
        elements = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        for element in elements:
            if not isinstance(element, ast.Name):
                raise self.errors.at(element, "A loop variable must be a plain name")

    def stmt_For(self, node: ast.For) -> None:
        if node.orelse:
            raise self.errors.at(node.orelse[0], "`for ... else` is not supported in TVMScript")
        if is_constexpr(node.iter):
            self.expr(node.iter)
            self.loop_target(node.target)
            self.scoped(HOST_LOOP, node.body)
            return
        self.loop_target(node.target)
        self.expr(node.iter)
        self.scoped(IR_LOOP, node.body)

    def stmt_While(self, node: ast.While) -> None:
        if node.orelse:
            raise self.errors.at(node.orelse[0], "`while ... else` is not supported in "
                                                 "TVMScript")
        self.expr(node.test)
        self.scoped(HOST_LOOP if is_constexpr(node.test) else IR_LOOP, node.body)

    def stmt_If(self, node: ast.If) -> None:
        self.expr(node.test)
        if is_constexpr(node.test):
            self.body(node.body)
            self.body(node.orelse)
            return
        self.scoped(IR_SCOPE, node.body)
        self.scoped(IR_SCOPE, node.orelse)

    def stmt_With(self, node: ast.With) -> None:
        for item in node.items:
            self.expr(item.context_expr)
            target = item.optional_vars
            if target is None or isinstance(target, ast.Name):
                continue
            if isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name)
                                                     for e in target.elts):
                continue
            raise self.refused(target, "A `with` target other than a name or a tuple of names")
        self.scoped(IR_SCOPE, node.body)

    def stmt_Assert(self, node: ast.Assert) -> None:
        self.expr(node.test)
        self.expr(node.msg)

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> None:
        """A nested macro (transpile.nested_macro): its body is checked as a macro's."""
        nested_macro_error(node, self.errors)
        returns_value, scopes = self.returns_value, self.scopes
        self.returns_value, self.scopes = True, []
        try:
            self.body(without_docstring(node.body))
        finally:
            self.returns_value, self.scopes = returns_value, scopes

    def stmt_Return(self, node: ast.Return) -> None:
        self.expr(node.value)
        if self.returns_value and any(scope != HOST_LOOP for scope in self.scopes):
            raise self.errors.at(node, "A macro's `return` hands a value to its caller, so "
                                       "it cannot be inside an IR loop, an IR `if` or a "
                                       "`with` scope (use `T.constexpr(...)` for host "
                                       "control flow)")

    def loop_exit(self, node: ast.stmt, word: str) -> None:
        crossed = False
        for scope in reversed(self.scopes):
            if scope in (IR_LOOP, HOST_LOOP):
                if scope == HOST_LOOP and crossed:
                    raise self.errors.at(node, f"`{word}` inside an IR scope cannot leave a "
                                               "host loop (`for ... in T.constexpr(...)`)")
                return
            crossed = True

    def stmt_Break(self, node: ast.Break) -> None:
        self.loop_exit(node, "break")

    def stmt_Continue(self, node: ast.Continue) -> None:
        self.loop_exit(node, "continue")


def _start(node: ast.AST) -> Tuple[int, int]:
    return (node.lineno, node.col_offset)  # type: ignore[attr-defined]


def host_exit(scopes: Sequence[str]) -> bool:
    """Whether ``break``/``continue`` leaves a host loop (Python's) rather than an IR loop."""
    for scope in reversed(scopes):
        if scope in (IR_LOOP, HOST_LOOP):
            return scope == HOST_LOOP
    return False


__all__ = ["HOST_LOOP", "IR_LOOP", "IR_SCOPE", "StatementCheck", "host_exit"]
