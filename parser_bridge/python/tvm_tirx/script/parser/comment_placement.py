"""Where each source comment of a definition goes in its canonical print, and that print.

A comment belongs to a source statement: the own-line comments before it (printed above it, at
its indentation) or the comment at the end of its line (printed at the end of its printed line;
a loop's, branch's, ``with``'s, function's or class's header line). Source statements reach the
printed ones through the IR: the IR statement whose span starts where the source statement
starts (the definition itself is its IR; a module's member is its function). The printer
(``script.ScriptWithSourceComments``) attaches the comments to those statements' Docs and says
how often it placed each; the print is then scanned again, so a comment the canonical form
would move out of order is caught as well.

A comment with no such place is never dropped or moved: it is reported, with its line and why,
and the definition has no text with comments (a formatter leaves it alone).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from tvm_ffi import get_global_func, structural_walk

from ... import SeqStmt, Stmt
from ..builder import INTEGER_DTYPES
from ..findings import let_stops_through
from .line_index import split_lines
from .source_facts import AttachedComment, walk_statements
from .source_text import scan

_SURROGATE = re.compile("[\ud800-\udfff]")
_COMPOUND = (ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.AsyncWith, ast.Try,
             ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True)
class UnplacedComment:
    """A comment the print cannot carry: its line, its text and why."""

    line: int
    text: str
    why: str

    def describe(self) -> str:
        return f"line {self.line}: {self.why}"


@dataclass(frozen=True)
class CommentedPrint:
    """The canonical print with every comment placed (``text``), or None and ``unplaced``."""

    text: Optional[str]
    unplaced: Tuple[UnplacedComment, ...] = ()


@dataclass(frozen=True)
class _Place:
    statement: ast.AST
    leading: bool


def print_with_comments(node: ast.AST, ir: Any, comments: Sequence[AttachedComment],
                        canonical: Optional[str],
                        options: Optional[Dict[str, Any]] = None) -> CommentedPrint:
    """``ir`` printed (no header, with the printer ``options``: spelling, function name) with
    the ``comments`` of its definition ``node`` placed; ``canonical`` is its print without
    them."""
    if not comments:
        return CommentedPrint(canonical)
    # A comment the print writes itself (`# with T.sblock("root"):` before an implicit root
    # block, which apache-tvm 0.27's prints and so its test sources hold) is the printer's:
    # not placed again, and the comments of the result are checked in order as for any other.
    printed = {line.strip() for line in split_lines(canonical or "")
               if line.strip().startswith("#")}
    layout = _Layout(node)
    places: List[Tuple[AttachedComment, _Place]] = []
    unplaced: List[UnplacedComment] = []
    for comment in comments:
        if comment.text.strip() in printed:
            continue
        found = layout.place(comment)
        if isinstance(found, str):
            unplaced.append(UnplacedComment(comment.range[0], comment.text, found))
        else:
            places.append((comment, found))
    if unplaced:
        return CommentedPrint(None, tuple(unplaced))
    return _print(node, ir, places, [c.text for c in comments], dict(options or {}))


def _print(node: ast.AST, ir: Any, places: List[Tuple[AttachedComment, _Place]],
           expected: List[str], options: Dict[str, Any]) -> CommentedPrint:
    keys = _IRStatements(node, ir)
    leading: Dict[Any, List[str]] = {}
    trailing: Dict[Any, str] = {}
    owners: List[Tuple[AttachedComment, Any]] = []
    unplaced: List[UnplacedComment] = []
    for comment, place in places:
        key = keys.of(place.statement)
        if isinstance(key, str) and place.leading and _absorbed(place.statement):
            # A declaration the print writes elsewhere (`A = T.match_buffer(a, ...)` becomes a
            # parameter, `n = T.int32()` a header symbol): its comments lead the next
            # statement of its block that prints, past other such declarations only.
            for later in _following(node, place.statement):
                found = keys.of(later)
                if not isinstance(found, str):
                    key = found
                    break
                if not _absorbed(later):
                    break
        if isinstance(key, str):
            unplaced.append(UnplacedComment(comment.range[0], comment.text, key))
            continue
        owners.append((comment, key))
        if place.leading:
            leading.setdefault(key, []).append(comment.text)
        else:
            trailing[key] = comment.text
    if unplaced:
        return CommentedPrint(None, tuple(unplaced))
    printed = _printed(ir, leading, trailing, owners, options)
    if printed.text is None:
        return printed
    found = [c.text for c in scan(printed.text).comments]
    if found != expected:
        first = next((i for i, (a, b) in enumerate(zip(found, expected)) if a != b),
                     min(len(found), len(expected)))
        comment = places[min(first, len(places) - 1)][0]
        return CommentedPrint(None, (UnplacedComment(
            comment.range[0], comment.text,
            "the canonical form reorders its statements, so the comments would move"),))
    return printed


def _printed(ir: Any, leading: Dict[Any, List[str]], trailing: Dict[Any, str],
             owners: List[Tuple[AttachedComment, Any]], options: Dict[str, Any]) -> CommentedPrint:
    """The printer's text, when it placed every comment exactly once."""
    try:
        text, placed = get_global_func("script.ScriptWithSourceComments")(
            ir, {"show_header": False, **options}, leading, trailing)
    except Exception as exc:  # noqa: BLE001 - a comment the printer refuses stays unplaced
        let_stops_through(exc)
        comment = owners[0][0]
        return CommentedPrint(None, (UnplacedComment(
            comment.range[0], comment.text, f"the printer refuses the comments: {exc}"),))
    unplaced = []
    for comment, key in owners:
        count = placed.get(key, 0)
        if count != 1:
            why = ("its statement does not print as one statement" if count == 0
                   else f"its statement prints at {count} places")
            unplaced.append(UnplacedComment(comment.range[0], comment.text, why))
    return CommentedPrint(None, tuple(unplaced)) if unplaced else CommentedPrint(str(text))


class _Layout:
    """The definition's statements by position: what a comment line is inside of, and what
    follows it."""

    def __init__(self, node: ast.AST) -> None:
        self.root = node
        self.statements = sorted(walk_statements(node), key=lambda s: (s.lineno, s.col_offset))
        self.everything = [node] + self.statements

    def place(self, comment: AttachedComment) -> Union[_Place, str]:
        line, column = comment.range[0], comment.range[1]
        if _SURROGATE.search(comment.text):
            return "it holds a lone surrogate, which the printed text cannot carry"
        decorated = self._decorating(line)
        if decorated is not None:
            return f"it is on the decorator lines of `{decorated.name}`"
        inside = self._innermost(line)
        if inside is None:  # after the definition's last line: not ours, defensive
            return "it is outside the definition"
        if not comment.own_line:
            return self._trailing(inside, line)
        return self._leading(inside, line, column)

    def _decorating(self, line: int) -> Optional[ast.AST]:
        for s in self.everything:
            decorators = getattr(s, "decorator_list", None)
            if decorators and isinstance(s, _DEFINITIONS) and \
                    decorators[0].lineno <= line < s.lineno:
                return s
        return None

    def _innermost(self, line: int) -> Optional[ast.AST]:
        found = None
        for s in self.everything:
            if s.lineno <= line <= (s.end_lineno or s.lineno):
                found = s  # sorted by start: a later start is nested or on the same line
        return found

    def _trailing(self, inside: ast.AST, line: int) -> Union[_Place, str]:
        if not isinstance(inside, _COMPOUND):
            if line == (inside.end_lineno or inside.lineno):
                return _Place(inside, leading=False)
            return f"it is inside the statement of lines {inside.lineno}-{inside.end_lineno}, " \
                   "which prints on one line"
        if line == _header_end(inside):
            return _Place(inside, leading=False)
        if line < _body_start(inside):
            return f"it is inside the header of {_what(inside)}, which prints on one line"
        return f"it is on a line of {_what(inside)} that holds no statement of its own " \
               "(such as `else:`)"

    def _leading(self, inside: ast.AST, line: int, column: int) -> Union[_Place, str]:
        if not isinstance(inside, _COMPOUND):
            return f"it is inside the statement of lines {inside.lineno}-{inside.end_lineno}, " \
                   "which prints on one line"
        header_end = _header_end(inside)
        if line <= header_end:
            return f"it is inside the header of {_what(inside)}, which prints on one line"
        if line < _body_start(inside) and header_end > inside.lineno:
            # The AST does not say on which line a multi-line header's `:` is.
            return f"it is between the multi-line header of {_what(inside)} and its body, " \
                   "where it may be inside the header"
        target = next((s for s in self.statements if s.lineno > line), None)
        if target is None or not target.lineno <= (inside.end_lineno or 0):
            return f"it follows the last statement of {_what(inside)}, and the canonical " \
                   "form keeps no comment there"
        if _first_of_other_branch(inside, target):
            return f"it is between the branches of {_what(inside)}, and the canonical form " \
                   "could move it across `else:`"
        before = [s for s in self.statements if (s.end_lineno or s.lineno) < line]
        previous = before[-1] if before else None
        if previous is not None and previous.col_offset > target.col_offset \
                and column > target.col_offset:
            return f"it follows the last statement of the block ending on line " \
                   f"{previous.end_lineno}, and the canonical form keeps no comment there"
        return _Place(target, leading=True)


_ABSORBED_CALLS = frozenset(("match_buffer", "env_thread", "handle", *INTEGER_DTYPES))


def _absorbed(statement: ast.AST) -> bool:
    """A declaration the print writes in the signature or the header, not where it stands:
    ``A = T.match_buffer(a, ...)``, ``n = T.int32()``, ``tx = T.env_thread(...)``."""
    value = getattr(statement, "value", None)
    if not isinstance(statement, (ast.Assign, ast.AnnAssign, ast.Expr)) or \
            not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return False
    return value.func.attr in _ABSORBED_CALLS


def _following(root: ast.AST, statement: ast.AST) -> List[ast.AST]:
    """The statements after ``statement`` in the statement list holding it (empty when it is
    the last, or not in one)."""
    for node in ast.walk(root):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list):
                for index, item in enumerate(block):
                    if item is statement:
                        return block[index + 1:]
    return []


def _header_end(s: ast.AST) -> int:
    """The line where a compound statement's header ends (its last header expression)."""
    parts: List[Any] = []
    if isinstance(s, (ast.For, ast.AsyncFor)):
        parts = [s.target, s.iter]
    elif isinstance(s, (ast.While, ast.If)):
        parts = [s.test]
    elif isinstance(s, (ast.With, ast.AsyncWith)):
        parts = [e for item in s.items for e in (item.context_expr, item.optional_vars) if e]
    elif isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parts = [s.args, s.returns]
    elif isinstance(s, ast.ClassDef):
        parts = s.bases + s.keywords
    ends = [s.lineno] + [n.end_lineno for p in parts if p is not None
                         for n in ast.walk(p) if getattr(n, "end_lineno", None)]
    return max(ends)


def _body_start(s: ast.AST) -> int:
    body = getattr(s, "body", None) or []
    if not body:
        return (s.end_lineno or s.lineno) + 1
    decorators = getattr(body[0], "decorator_list", None) or []
    return min([body[0].lineno] + [d.lineno for d in decorators])


def _first_of_other_branch(inside: ast.AST, target: ast.AST) -> bool:
    for name in ("orelse", "finalbody", "handlers"):
        block = getattr(inside, name, None) or []
        if block and block[0] is target:
            return True
    return False


def _what(s: ast.AST) -> str:
    if isinstance(s, _DEFINITIONS):
        return f"`{s.name}`"
    keyword = {ast.For: "for", ast.AsyncFor: "async for", ast.While: "while", ast.If: "if",
               ast.With: "with", ast.AsyncWith: "async with", ast.Try: "try"}[type(s)]
    return f"the `{keyword}` of line {s.lineno}"


class _IRStatements:
    """Source statements to the IR objects they print from."""

    def __init__(self, node: ast.AST, ir: Any) -> None:
        self.root, self.ir = node, ir
        self.at: Dict[Tuple[int, int], List[Any]] = {}

        def walk_stmt(stmt: Stmt) -> None:
            span = stmt.span
            if not isinstance(stmt, SeqStmt) and span is not None and span.start_line > 0:
                self.at.setdefault((span.start_line, span.start_column), []).append(stmt)

        structural_walk(ir, walk_stmt)

    def of(self, statement: ast.AST) -> Any:
        """The IR object of a source statement, or why there is none."""
        if statement is self.root:
            return self.ir
        if isinstance(statement, _DEFINITIONS) and hasattr(self.ir, "functions"):
            for global_var, function in self.ir.functions.items():
                if getattr(global_var, "name_hint", None) == statement.name:
                    return function
            return f"`{statement.name}` is not a function of the module"
        if _is_func_attr(statement):
            function = self._function_of(statement)
            if function is not None and len(function.attrs):
                return function.attrs  # the printer keys its `T.func_attr` line so
        found = self.at.get((statement.lineno, statement.col_offset), [])
        if not found:
            return f"its statement (line {statement.lineno}) builds no IR statement of its own"
        # Several (`for i, j in T.grid(...)` builds nested loops): the first in the walk's
        # pre-order prints first, so the comment goes there (the printer's count and the
        # order check of the result still hold).
        return found[0]


    def _function_of(self, statement: ast.AST) -> Any:
        """The IR function of the source function holding ``statement``."""
        if not hasattr(self.ir, "functions"):
            return self.ir
        for member in ast.walk(self.root):
            if isinstance(member, _DEFINITIONS[:2]) and member is not self.root and \
                    member.lineno <= statement.lineno <= (member.end_lineno or 0):
                for global_var, function in self.ir.functions.items():
                    if getattr(global_var, "name_hint", None) == member.name:
                        return function
        return None


def _is_func_attr(statement: ast.AST) -> bool:
    value = getattr(statement, "value", None)
    return isinstance(statement, ast.Expr) and isinstance(value, ast.Call) and \
        isinstance(value.func, ast.Attribute) and value.func.attr == "func_attr"


__all__ = ["CommentedPrint", "UnplacedComment", "print_with_comments"]
