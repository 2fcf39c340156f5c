"""What the transpiler adds to a builder program beyond the hooks: statement guards that record
a failure and poison what the statement binds, the attribute check of untrusted source, and
the position recorder (each value the source computes reported to the runtime)."""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Tuple

from .ast_build import FAILURE_NAME, NS, POISONED_NAME, RUNTIME_KEY, Loc, const_node, loc_node
from .ast_build import loc_of, located, name_node


def _statement_names(node: ast.stmt, ctx: type, header_only: bool) -> List[str]:
    """Names of ``ctx`` (Load or Store) in a statement, in first-seen order, not looking into
    comprehensions and lambdas (their own scopes) nor, with ``header_only``, into the bodies
    of compound statements."""
    found: Dict[str, None] = {}
    pending: List[ast.AST] = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, ast.Name) and isinstance(current.ctx, ctx):
            found[current.id] = None
        for field_name, value in ast.iter_fields(current):
            if header_only and current is node and field_name in ("body", "orelse"):
                continue
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.AST) and not isinstance(child, _OWN_SCOPES):
                    pending.append(child)
    return list(found)


def statement_parts(node: ast.stmt) -> List[ast.AST]:
    """What a statement evaluates itself: a compound statement's header (iterable, condition,
    context managers), a simple statement whole."""
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return [node.target, node.iter]
    if isinstance(node, (ast.While, ast.If)):
        return [node.test]
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return [part for item in node.items
                for part in (item.context_expr, item.optional_vars) if part is not None]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Try)):
        return []
    return [node]


_OWN_SCOPES = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def poison_stores(node: ast.stmt, value: ast.expr) -> List[ast.stmt]:
    """``name = value`` for each name ``node`` binds (``value`` evaluated once), so later
    uses see a poison value instead of an unbound name."""
    stores = _statement_names(node, ast.Store, header_only=False)
    if isinstance(node, ast.For):
        stores = _statement_names(node.target, ast.Store, header_only=False) + stores
    out: List[ast.stmt] = [ast.Assign(targets=[name_node(POISONED_NAME, ast.Store())], value=value)]
    out.extend(ast.Assign(targets=[name_node(n, ast.Store())], value=name_node(POISONED_NAME))
               for n in dict.fromkeys(stores) if not n.startswith("__tvm"))
    return located(node, out)


def guarded(node: ast.stmt, generated: List[ast.stmt]) -> ast.stmt:
    """``try: <generated> except Exception as e: <poison what node binds>``; the runtime's
    ``fail`` records the error (or re-raises what must not be swallowed) and returns the
    poison value. It reads the failing frame for poisoned operands, named in ``reads``."""
    reads = const_node(tuple(_statement_names(node, ast.Load, header_only=True)))
    fail = ast.Call(func=ast.Attribute(value=name_node(RUNTIME_KEY), attr="fail", ctx=ast.Load()),
                    args=[name_node(FAILURE_NAME), loc_node(node), reads], keywords=[])
    caught = ast.Attribute(value=name_node(RUNTIME_KEY), attr="catch", ctx=ast.Load())
    handler = ast.ExceptHandler(type=caught, name=FAILURE_NAME,
                                body=poison_stores(node, fail))
    return ast.copy_location(ast.Try(body=generated, handlers=[handler], orelse=[],
                                     finalbody=[]), node)


class _AttributeGuard(ast.NodeTransformer):
    """Untrusted source: ``value.attr`` (read) becomes ``__tvm_rt.getattr_(value, "attr")``,
    checked on the receiver when it runs. The generated hook calls (on ``__tvm_ns`` and
    ``__tvm_rt``, names source cannot write) are left alone."""

    _GENERATED = (NS, RUNTIME_KEY)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id in self._GENERATED:
            return node
        self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load):
            return node
        call = ast.Call(func=ast.Attribute(value=name_node(RUNTIME_KEY), attr="getattr_",
                                           ctx=ast.Load()),
                        args=[node.value, const_node(node.attr)], keywords=[])
        return ast.copy_location(call, node)


def guard_attributes(helpers: List[ast.stmt], options: Any) -> List[ast.stmt]:
    if options.positions is not None:
        recorder = _PositionRecorder(options.positions)
        helpers = [recorder.visit(helper) for helper in helpers]
    if not options.untrusted:
        return helpers
    guard = _AttributeGuard()
    return [guard.visit(helper) for helper in helpers]


# Hooks whose result is an expression of the source (the others make statements or frames).
_EXPRESSION_HOOKS = frozenset(("and_", "or_", "not_", "eq_", "ne_", "lt_", "le_", "gt_", "ge_",
                               "if_then_else_", "let_"))


class _PositionRecorder(ast.NodeTransformer):
    """``expr`` -> ``__tvm_rt.at_(expr, i)`` for each value the source computes (names, calls,
    operations, subscripts, attributes), ``i`` indexing its position in ``positions``; the
    runtime keeps the last value of each (docs/frontend.md, "Positions")."""

    _RECORDED = (ast.Name, ast.Call, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Attribute,
                 ast.Compare, ast.BoolOp, ast.IfExp)

    def __init__(self, positions: List[Tuple[Loc, str]]) -> None:
        self.positions = positions

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        if not isinstance(node, self._RECORDED) or not hasattr(node, "lineno"):
            return node
        if not isinstance(getattr(node, "ctx", ast.Load()), ast.Load):
            return node
        if isinstance(node, ast.Name) and node.id.startswith("__tvm"):
            return node
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id in (NS, RUNTIME_KEY) \
                and node.func.attr not in _EXPRESSION_HOOKS:
            return node
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in (NS, RUNTIME_KEY):
            return node
        what = node.id if isinstance(node, ast.Name) else \
            "." + node.attr if isinstance(node, ast.Attribute) else ""
        self.positions.append((loc_of(node), what))
        at = ast.Attribute(value=name_node(RUNTIME_KEY), attr="at_", ctx=ast.Load())
        call = ast.Call(func=at,
                        args=[node, const_node(len(self.positions) - 1)], keywords=[])
        return ast.copy_location(call, node)

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return node  # `T.Let` bodies: their names are the Let's, unrecorded

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return node  # f-string parts must stay FormattedValue nodes


__all__ = ["guard_attributes", "guarded", "poison_stores", "statement_parts"]
