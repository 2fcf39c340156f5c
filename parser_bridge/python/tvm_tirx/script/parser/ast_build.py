"""Small builders of Python AST nodes for the generated builder programs, and the names the
generated code reserves (source cannot write them: untrusted.py refuses ``__*`` names)."""

from __future__ import annotations

import ast
from typing import Iterable, List, Sequence, Tuple

Loc = Tuple[int, int, int, int]

NS = "__tvm_ns"
"""The namespace whose hooks the program calls."""
RUNTIME_KEY = "__tvm_rt"
"""The exec globals key of the builder-program runtime (parser/runtime.py): statement guards,
the attribute check of untrusted source, position recording."""
FAILURE_NAME = "__tvm_failure"
POISONED_NAME = "__tvm_poisoned"
GUARD_NAME = "__tvm_guard"
"""The prefix of the names of compound statements' frame guards (runtime.FrameGuard)."""


def loc_of(node: ast.AST) -> Loc:
    return (node.lineno, node.col_offset, node.end_lineno or node.lineno,
            node.end_col_offset if node.end_col_offset is not None else node.col_offset)


def name_node(id_: str, ctx: ast.expr_context = None) -> ast.Name:
    return ast.Name(id=id_, ctx=ctx or ast.Load())


def hook_call(hook: str, args: Iterable[ast.expr] = (), **kwargs: ast.expr) -> ast.Call:
    """``__tvm_ns.<hook>(args..., key=value...)``."""
    return ast.Call(
        func=ast.Attribute(value=name_node(NS), attr=hook, ctx=ast.Load()),
        args=list(args),
        keywords=[ast.keyword(arg=k, value=v) for k, v in kwargs.items()],
    )


def const_node(value: object) -> ast.Constant:
    return ast.Constant(value=value)


def loc_node(node: ast.AST) -> ast.Constant:
    return const_node(loc_of(node))


def locate_header(call: ast.expr, first: ast.AST, last: ast.AST) -> None:
    """Gives a frame-opening call the span from ``first`` to ``last`` (a compound statement's
    header) instead of the whole statement's, which would end at its last body line."""
    call.lineno, call.col_offset = first.lineno, first.col_offset
    call.end_lineno, call.end_col_offset = last.end_lineno, last.end_col_offset


def located(template: ast.AST, nodes: List[ast.stmt]) -> List[ast.stmt]:
    for node in nodes:
        ast.copy_location(node, template)
    return nodes


def walk_nodes(root: ast.AST) -> List[ast.AST]:
    """``list(ast.walk(root))``, the same nodes in the same (breadth-first) order, in about
    half the time: one list that is read while it grows, instead of a generator over a deque
    fed by ``iter_child_nodes`` (the analyses' walks were a third of a cold analysis)."""
    nodes = [root]
    append, extend, node_type = nodes.append, nodes.extend, ast.AST
    for node in nodes:  # a list's iterator sees what is appended behind it
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, node_type):
                append(value)
            elif type(value) is list:
                extend([item for item in value if isinstance(item, node_type)])
    return nodes


def source_nodes(root: ast.AST) -> List[ast.AST]:
    """``list(ast.walk(root))``, walked once per tree: the analyses that read a definition's
    source (names, lossy verdict, spellings, aliases) share one walk instead of one each. The
    list is taken at the first call, before building rewrites the tree's expressions in place
    (the nodes stay the source's; generated ones are never in it)."""
    nodes = root.__dict__.get("_tvm_source_nodes")
    if nodes is None:
        nodes = walk_nodes(root)
        root._tvm_source_nodes = nodes  # type: ignore[attr-defined]
    return nodes


def forget_source_nodes(root: ast.AST) -> None:
    """Drops the walks ``source_nodes`` kept under ``root`` (the definition's and each
    statement's): a fifth of a cold analysis's kept memory besides the trees, needed only while
    the definition is analysed. Only for a tree as parsed: a rewritten tree's walk must stay the
    one taken before building."""
    for node in root.__dict__.pop("_tvm_source_nodes", None) or walk_nodes(root):
        node.__dict__.pop("_tvm_source_nodes", None)


_POSITION_FIELDS = ("lineno", "col_offset", "end_lineno", "end_col_offset")


def inherit_location(node: ast.AST, inherited: Tuple[int, int, int, int]) -> Tuple[
        int, int, int, int]:
    """Gives ``node`` ``inherited`` when it takes a position and has none (completes a partial
    one); the position its children inherit."""
    if "lineno" not in node._attributes:
        return inherited
    if getattr(node, "lineno", None) is None:
        node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = inherited
        return inherited
    if getattr(node, "end_lineno", None) is None:
        node.end_lineno = node.lineno
    if getattr(node, "end_col_offset", None) is None:
        node.end_col_offset = node.col_offset
    return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)


def fill_locations(root: ast.AST, inherited: Tuple[int, int, int, int] = (1, 0, 1, 0),
                   located: Sequence[ast.AST] = ()) -> None:
    """``ast.fix_missing_locations`` without recursion: every node that takes a
    position and has none gets its parent's (generated nodes take the statement's), ``root``
    its ``inherited``. The trees in ``located`` are known to be located and are skipped."""
    skip = {id(node) for node in located}
    pending: List[Tuple[ast.AST, Tuple[int, int, int, int]]] = [(root, inherited)]
    while pending:
        node, inherited = pending.pop()
        if skip and id(node) in skip:
            continue
        inherited = inherit_location(node, inherited)
        for field_name in node._fields:
            value = getattr(node, field_name, None)
            if type(value) is list:
                pending.extend((item, inherited) for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                pending.append((value, inherited))


__all__ = ["FAILURE_NAME", "GUARD_NAME", "Loc", "NS", "POISONED_NAME", "RUNTIME_KEY", "const_node",
           "fill_locations", "forget_source_nodes",
           "hook_call", "inherit_location", "loc_node", "loc_of", "locate_header", "located", "name_node",
           "source_nodes", "walk_nodes"]
