"""What the transpiler adds to a builder program beyond the hooks: statement guards that record
a failure and poison what the statement binds, and the position recorder (each value the source computes reported to the runtime)."""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Tuple

from .ast_build import FAILURE_NAME, GUARD_NAME, NS, POISONED_NAME, RUNTIME_KEY, Loc, const_node, loc_node
from .ast_build import fill_locations, inherit_location, loc_of, located, name_node


def _statement_names(node: ast.AST, ctx: type, header_only: bool) -> List[str]:
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
                if ctx is ast.Store and isinstance(child, ast.stmt):
                    found.update(dict.fromkeys(_stores(child)))
                elif isinstance(child, ast.AST) and not isinstance(child, _OWN_SCOPES):
                    pending.append(child)
    return list(found)


def _stores(node: ast.stmt) -> List[str]:
    """The names a statement binds, its body's included; remembered on the node, because each
    statement around it asks again (``poison_stores`` of every enclosing compound statement),
    which would walk a body once per level of nesting."""
    if isinstance(node, ast.FunctionDef):
        return [node.name]  # a nested macro binds its name; its body's names are its own
    names = node.__dict__.get("_tvm_stores")
    if names is None:
        names = _statement_names(node, ast.Store, header_only=False)
        node._tvm_stores = names  # type: ignore[attr-defined]
    return names


def statement_parts(node: ast.stmt) -> List[ast.AST]:
    """What a statement evaluates itself: a compound statement's header (iterable, condition,
    context managers), a simple statement whole."""
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return [node.target, node.iter]
    if isinstance(node, (ast.While, ast.If)):
        return [node.test]
    if isinstance(node, ast.FunctionDef):
        return list(node.decorator_list)  # a nested macro's decorator (never run)
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
    stores = _stores(node)
    if isinstance(node, ast.For):
        stores = _statement_names(node.target, ast.Store, header_only=False) + stores
    out: List[ast.stmt] = [ast.Assign(targets=[name_node(POISONED_NAME, ast.Store())], value=value)]
    out.extend(ast.Assign(targets=[name_node(n, ast.Store())], value=name_node(POISONED_NAME))
               for n in dict.fromkeys(stores) if not n.startswith("__tvm"))
    return located(node, out)


def guarded(node: ast.stmt, generated: List[ast.stmt]) -> ast.stmt:
    """``try: <generated> except Exception as e: <poison what node binds>``; the runtime's
    ``fail`` records the error (or re-raises what must not be swallowed) and returns the
    poison value. It reads the failing frame for poisoned operands, named in ``reads``, and
    for the names of the statement's header that the failure kept from being evaluated (the
    position indices ``first`` to ``stop``, which the position recorder fills in)."""
    reads = const_node(tuple(_statement_names(node, ast.Load, header_only=True)))
    parts = statement_parts(node) or [node]
    header = (node.lineno, node.col_offset, parts[-1].end_lineno, parts[-1].end_col_offset)
    fail = ast.Call(func=ast.Attribute(value=name_node(RUNTIME_KEY), attr="fail", ctx=ast.Load()),
                    args=[name_node(FAILURE_NAME), loc_node(node), reads, const_node(header),
                          const_node(0), const_node(0)], keywords=[])
    caught = ast.Attribute(value=name_node(RUNTIME_KEY), attr="catch", ctx=ast.Load())
    handler = ast.ExceptHandler(type=caught, name=FAILURE_NAME,
                                body=poison_stores(node, fail))
    guard = ast.copy_location(ast.Try(body=generated, handlers=[handler], orelse=[],
                                      finalbody=[]), node)
    guard._tvm_fail_call = fail  # type: ignore[attr-defined]
    return guard


def transparent_with(node: ast.stmt) -> bool:
    """Whether ``node`` is a ``with`` whose body is analysed even when its frame is a member
    not analysed yet: one item, bound to one name or none (a tuple target would need the
    frame's values)."""
    return isinstance(node, ast.With) and len(node.items) == 1 and (
        node.items[0].optional_vars is None or isinstance(node.items[0].optional_vars, ast.Name))


def guarded_frame(node: ast.stmt, frame: ast.With, guard: str) -> List[ast.stmt]:
    """``guarded`` for a compound statement that opens one frame (``with F as x: body``),
    spending one Python block per statement instead of two (CPython refuses more than 20
    nested blocks in a function; a print nests a block per loop, launch and allocation):

        try:
            G = __tvm_rt.enter_(F, loc, reads)
        except catch as e:
            G = __tvm_rt.skip_(__tvm_rt.fail(e, loc, reads), loc, e, is_with)
        with G:
            if G.entered:
                x = G.value
                body
        if G.failed:
            <poison what node binds with G.poison>

    ``guard`` names G; nested statements need different names (the transpiler's depth). A
    ``with`` whose frame is a member not analysed yet runs its body transparently
    (``BuilderRuntime.skip_``), as the evaluator's ``_with_items`` does."""
    item = frame.items[0]
    loc = loc_node(node)
    reads = const_node(tuple(_statement_names(node, ast.Load, header_only=True)))
    entered = _runtime_method("enter_", [item.context_expr, loc, reads])
    failure = _runtime_method("fail", [name_node(FAILURE_NAME), loc, reads])
    handler = ast.ExceptHandler(
        type=ast.Attribute(value=name_node(RUNTIME_KEY), attr="catch", ctx=ast.Load()),
        name=FAILURE_NAME,
        body=[ast.Assign(targets=[name_node(guard, ast.Store())],
                         value=_runtime_method("skip_", [
                             failure, loc, name_node(FAILURE_NAME),
                             const_node(transparent_with(node))]))])
    enter = ast.Try(body=[ast.Assign(targets=[name_node(guard, ast.Store())], value=entered)],
                    handlers=[handler], orelse=[], finalbody=[])
    body = list(frame.body)
    if item.optional_vars is not None:
        value = ast.Attribute(value=name_node(guard), attr="value", ctx=ast.Load())
        body.insert(0, ast.Assign(targets=[item.optional_vars], value=value))
    inside = ast.If(test=ast.Attribute(value=name_node(guard), attr="entered", ctx=ast.Load()),
                    body=body, orelse=[])
    exit_ = ast.With(items=[ast.withitem(context_expr=name_node(guard))], body=[inside])
    poisoned = ast.Attribute(value=name_node(guard), attr="poison", ctx=ast.Load())
    after = ast.If(test=ast.Attribute(value=name_node(guard), attr="failed", ctx=ast.Load()),
                   body=poison_stores(node, poisoned), orelse=[])
    return located(node, [enter, exit_, after])


def _runtime_method(method: str, args: List[ast.expr]) -> ast.Call:
    return ast.Call(func=ast.Attribute(value=name_node(RUNTIME_KEY), attr=method,
                                       ctx=ast.Load()), args=args, keywords=[])


# Hooks whose result is an expression of the source (the others make statements or frames).
_EXPRESSION_HOOKS = frozenset(("and_", "or_", "not_", "eq_", "ne_", "lt_", "le_", "gt_", "ge_",
                               "if_then_else_", "let_"))
_GENERATED = (NS, RUNTIME_KEY)
_RECORDED = (ast.Name, ast.Call, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Attribute,
             ast.Compare, ast.BoolOp, ast.IfExp)
# Inside these nothing is recorded: `T.Let` bodies (their names are the Let's), f-strings
# (their parts must stay FormattedValue nodes). Attributes inside are still checked.
_UNRECORDED_INSIDE = (ast.Lambda, ast.JoinedStr)


def _runtime_call(method: str, args: List[ast.expr], template: ast.AST) -> ast.Call:
    """``__tvm_rt.<method>(args...)``, every new node at ``template``'s place (the arguments
    already have theirs)."""
    where = (template.lineno, template.col_offset, template.end_lineno, template.end_col_offset)
    runtime = _at(name_node(RUNTIME_KEY), where)
    for arg in args:
        if getattr(arg, "lineno", None) is None:
            _at(arg, where)
    return _at(ast.Call(func=_at(ast.Attribute(value=runtime, attr=method, ctx=ast.Load()),
                                 where), args=args, keywords=[]), where)


def _at(node: Any, where: Tuple[int, int, int, int]) -> Any:
    node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = where
    return node


class _Rewriter:
    """One post-order pass over the generated helpers of trusted source (untrusted source is
    evaluated, never transpiled: evaluator.py) that records the position index: each value the
    source computes (names, calls, operations, subscripts, attributes) becomes
    ``__tvm_rt.at_(expr, i)``, ``i`` indexing its position in ``positions``; the runtime keeps
    the last value of each (docs/frontend.md, "Positions").

    On the way down it also gives each node without a position its parent's, as
    ``fill_locations`` would, so that no second pass over the helpers is needed.

    The generated hook calls (on ``__tvm_ns`` and ``__tvm_rt``, names source cannot write) are
    left alone (but located)."""

    def __init__(self, positions: Optional[List[Tuple[Loc, str]]]) -> None:
        self.positions = positions

    def visit(self, node: ast.AST, record: bool,
              inherited: Tuple[int, int, int, int] = (1, 0, 1, 0)) -> ast.AST:
        kind = type(node)
        # Only what the source wrote is recorded: nodes the transpiler made have no position.
        from_source = hasattr(node, "lineno")
        inherited = inherit_location(node, inherited)
        if kind is ast.Attribute and type(node.value) is ast.Name and \
                (node.value.id in _GENERATED or node.value.id.startswith(GUARD_NAME)):
            fill_locations(node.value, inherited)
            return node
        inner = record and kind not in _UNRECORDED_INSIDE
        fail_call = getattr(node, "_tvm_fail_call", None) if kind is ast.Try else None
        first = len(self.positions) if self.positions is not None else 0
        for field_name in node._fields:
            value = getattr(node, field_name, None)
            if type(value) is list:
                for i, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        new = self.visit(item, inner, inherited)
                        if new is not item:
                            value[i] = new
            elif isinstance(value, ast.AST):
                new = self.visit(value, inner, inherited)
                if new is not value:
                    setattr(node, field_name, new)
        if fail_call is not None and self.positions is not None:
            fail_call.args[4].value, fail_call.args[5].value = first, len(self.positions)
        result: ast.AST = node
        loads = type(getattr(node, "ctx", None)) is not ast.Store and \
            type(getattr(node, "ctx", None)) is not ast.Del
        if record and self.positions is not None and loads and from_source and \
                self._recorded(node, kind):
            what = node.id if kind is ast.Name else "." + node.attr if kind is ast.Attribute \
                else ""
            self.positions.append((loc_of(node), what))
            result = _runtime_call("at_", [result, const_node(len(self.positions) - 1)], node)
        return result

    @staticmethod
    def _recorded(node: Any, kind: type) -> bool:
        if kind not in _RECORDED:
            return False
        if kind is ast.Name:
            return not node.id.startswith("__tvm")
        if kind is ast.Call:
            func = node.func
            return not (type(func) is ast.Attribute and type(func.value) is ast.Name
                        and func.value.id in _GENERATED and func.attr not in _EXPRESSION_HOOKS)
        return True


def guard_attributes(helpers: List[ast.stmt], options: Any) -> List[ast.stmt]:
    """The helpers with position recording, as the options ask (one pass), every node located
    (``fill_locations``)."""
    if options.positions is None:
        for helper in helpers:
            fill_locations(helper)
        return helpers
    rewriter = _Rewriter(options.positions)
    return [rewriter.visit(helper, True) for helper in helpers]  # type: ignore[misc]

__all__ = ["guard_attributes", "guarded", "guarded_frame", "poison_stores", "statement_parts"]
