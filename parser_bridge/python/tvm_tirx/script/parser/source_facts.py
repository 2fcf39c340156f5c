"""Facts about a definition's source that its IR does not keep: the comments and the statements
they belong to, and whether the canonical print would lose source-level structure.

A formatter carries comments into the canonical text, and declines to rewrite a definition
whose print would inline something the author wrote on purpose: macro and helper calls,
host-side Python (comprehensions, lambdas, f-strings), or captured Python values.
"""

from __future__ import annotations

import ast
import types
from dataclasses import dataclass
from typing import Any, Iterator, List, Mapping, Optional, Sequence

from ... import ir as _ir
from .source_text import Comment
from .ast_build import Loc, source_nodes


@dataclass
class AttachedComment:
    range: Loc
    text: str
    own_line: bool
    statement_line: Optional[int]
    """The first line of the statement the comment precedes (own-line comments) or ends
    (trailing comments); None when no statement follows it inside the definition."""


def walk_statements(node: ast.AST) -> Iterator[ast.stmt]:
    """Every statement under ``node`` in source order (a compound statement before its body)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.stmt):
            yield child
            yield from walk_statements(child)


def attach_comments(node: ast.AST, comments: Sequence[Comment]) -> List[AttachedComment]:
    """The comments inside a definition, each with the statement it belongs to."""
    first, last = node.lineno, node.end_lineno or node.lineno
    decorators = getattr(node, "decorator_list", [])
    if decorators:
        first = min(first, decorators[0].lineno)
    statements = sorted(walk_statements(node), key=lambda s: (s.lineno, s.col_offset))
    attached = []
    for comment in comments:
        if not first <= comment.line <= last:
            continue
        target = None
        if comment.own_line:
            target = next((s.lineno for s in statements if s.lineno > comment.line), None)
        else:
            # The innermost statement on the comment's line: the last one to start there.
            on_line = [s for s in statements if s.lineno <= comment.line <= (s.end_lineno or 0)]
            target = on_line[-1].lineno if on_line else None
        attached.append(AttachedComment(
            (comment.line, comment.column, comment.line, comment.end_column), comment.text,
            comment.own_line, target))
    return attached


_CANONICAL_CALLEES = {"range"}


def lossy_reasons(node: ast.AST, bindings: Mapping[str, Any], module_name: Optional[str],
                  local_names: Sequence[str]) -> List[str]:
    """Why the canonical print of this definition would lose source structure (empty when it
    would not). ``bindings`` are the definition's captures; ``local_names`` the names it binds
    itself (parameters, header symbols, assignment and loop targets)."""
    reasons: List[str] = []
    local = set(local_names)

    def note(reason: str, where: ast.AST) -> None:
        reasons.append(f"{reason} (line {where.lineno})")

    for sub in source_nodes(node):
        if isinstance(sub, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
                            ast.Lambda)):
            note("a comprehension or lambda is evaluated by Python", sub)
        elif isinstance(sub, ast.JoinedStr):
            note("an f-string is evaluated by Python", sub)
        elif isinstance(sub, ast.Expr) and isinstance(sub.value, ast.Constant) \
                and isinstance(sub.value.value, (str, bytes)):
            note("a string statement (a docstring) is not kept in the IR", sub)
        elif isinstance(sub, ast.Call) and not _is_script_call(sub, bindings, module_name):
            note(f"the call of `{ast.unparse(sub.func)}` runs Python (a macro or helper)", sub)
        elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) \
                and sub.id not in local and sub.id != module_name and sub.id in bindings:
            value = bindings[sub.id]
            if not isinstance(value, (types.ModuleType, _ir.Var)):
                note(f"the captured value `{sub.id}` would be inlined", sub)
    return reasons


def _is_script_call(call: ast.Call, bindings: Mapping[str, Any],
                    module_name: Optional[str]) -> bool:
    """A call the canonical form prints as written: of a namespace member (``T.exp``), a
    module function (``Module.f``) or the builtin ``range``."""
    func = call.func
    while isinstance(func, ast.Attribute):
        func = func.value
    if not isinstance(func, ast.Name):
        return False
    if func.id == module_name or (func.id in _CANONICAL_CALLEES and call.func is func):
        return True
    try:
        return isinstance(bindings[func.id], types.ModuleType)
    except KeyError:
        return False


__all__ = ["AttachedComment", "attach_comments", "lossy_reasons", "walk_statements"]
