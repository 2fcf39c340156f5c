"""Whether a definition may be rewritten to its canonical print, and the text to write.

A formatter must never lose code or change the program, so a definition is formatted only when
every check passes; otherwise the verdict names the first reason it declines (a closed list,
``REASONS``). The checks: the definition built without errors and is not stale; its print
would lose no source structure (macro calls, host Python, captured values); it is printed in
its own spelling (formatting keeps the user's dialect: a definition in Apache TVM's spelling is
printed as apache-tvm 0.27 prints it, one in the spelling of older releases is left alone, and
migration to the canonical spelling is an explicit action); every comment has a place in the print (``comment_placement``); its print parses back
(untrusted) to a structurally equal IR with the same names (structural equality ignores names)
and prints the same again (formatting twice changes nothing). With comments, the formatted
text must also hold the source's comment texts in their order (scanned again, so nothing is
lost or moved) and formatting it again must give it back, comments included.

Computed on demand (``format_verdict(definition)``): neither a cold analysis nor a
decorator pays for it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from typing import Any, Dict, List, Optional, Tuple

from tvm_ffi import DefRegionKind, structural_equal, structural_walk

from ... import ir as _ir
from . import namespaces
from .diagnostics import parse_diagnostics
from .entry import from_source
from .line_index import split_lines
from .round_trip import Mismatch, ir_mismatch, print_error_mismatch
from .source_text import scan
from .spelling import apache_members, older_members

REASONS: Dict[str, str] = {
    "errors": "the definition has errors, so its IR leaves statements out",
    "stale": "the definition does not parse now (this is an earlier result)",
    "lossy": "its canonical print would lose source structure",
    "older-spelling": "it is written in the spelling of Apache TVM releases before 0.27 "
                      "(`T.block`), which no oracle prints: it stays as written",
    "comments": "it holds a comment the printer cannot place (the detail names its line and why)",
    "not-equal": "its canonical print does not parse back to the same program",
    "renames": "its canonical print renames a definition or a binding",
    "unstable": "its canonical print does not print the same once parsed again",
    "module-symbols": "its canonical print declares symbols above the module that the file does "
                      "not declare",
    "needs-import": "its print names a namespace the file does not import",
}

# The namespace aliases prints use, and the import that binds each.
_PRINTED_ALIASES = {"T": "from tvm_tirx.script import tirx as T",
                    "I": "from tvm_tirx.script import ir as I",
                    "Ts": "from tvm_tirx.script import s_tir as Ts"}
"""reason -> what it means (docs/frontend.md lists them)."""

@dataclass(frozen=True)
class FormatVerdict:
    """``text`` replaces ``range`` (the definition's range, decorators to its end, stretched to
    the end of a comment on its last line, which the text carries), or ``reason`` (a key of
    ``REASONS``) says why it is left alone, with ``detail``. A ``not-equal`` verdict also
    says where in the source the print first reads back differently (``mismatch``)."""

    text: Optional[str] = None
    reason: Optional[str] = None
    detail: str = ""
    range: Optional[Tuple[int, int, int, int]] = None
    mismatch: Optional[Mismatch] = None


def _decline(reason: str, detail: str = "") -> FormatVerdict:
    return FormatVerdict(reason=reason, detail=detail or REASONS[reason])


def _bound_names(ir: Any) -> List[str]:
    """The names of every variable the IR binds, in walk order (functions' names first)."""
    names: List[str] = []
    functions = list(ir.functions.items()) if hasattr(ir, "functions") else [(None, ir)]
    for global_var, function in functions:
        if global_var is not None:
            names.append(global_var.name_hint if hasattr(global_var, "name_hint")
                         else str(global_var))

        def walk_var(var: _ir.Var, kind: DefRegionKind) -> None:
            if kind != DefRegionKind.NONE:
                names.append(var.name)

        structural_walk(function, walk_var)
    return names


def format_verdict(definition: Any, *, migrate: bool = False) -> FormatVerdict:
    """The verdict for one analysed definition (a ``DefinitionReport``; see the module
    comment). ``migrate`` lifts the apache-spelling check and only it (the explicit migration
    to the canonical spelling); every other check still holds."""
    node, env = definition.node, definition.env
    if definition.stale or node is None or env is None:
        return _decline("stale")
    if definition.errors or definition.ir is None:
        return _decline("errors")
    if definition.lossy_reasons:
        return _decline("lossy", "; ".join(definition.lossy_reasons))
    older = older_members(definition.apache_spelling)
    if older and not migrate:
        return _decline("older-spelling", "uses " + ", ".join(sorted(set(older))))
    if migrate and definition.apache_spelling:
        definition = _in_canonical_spelling(definition)
    canonical = definition.formatted_text
    if canonical is None:
        return _decline("not-equal", "it has no canonical print")
    commented = definition.commented_print
    if commented.text is None:
        return _decline("comments", "; ".join(u.describe() for u in commented.unplaced))
    symbols, text = _split_module_symbols(commented.text)
    if definition.kind == "module":
        # An IR module has no name (the printers write `Module`): the class keeps its own.
        text = _with_class_name(text, node.name)
    if not text.startswith(("@", "#")):
        # Something else before the decorator would be written into the file: never.
        return _decline("module-symbols", "its canonical print starts with a statement that "
                        "is not a symbol declaration")
    undeclared = [name for name in symbols if not isinstance(env.get(name), _ir.Var)]
    if undeclared:
        # Writing them above the class would bind new Python names the file may use otherwise.
        return _decline("module-symbols", "declare " + ", ".join(
            f'`{name} = T.dynamic("{name}")`' for name in undeclared) + " above the module")
    names = {k: v for k, v in env.items() if isinstance(v, _ir.Var)
             or namespaces.root_of(v) is not None}
    shown = text  # what is written: the module decorator as the source spells it
    own_decorator = _package_module_decorator(node) if definition.kind == "module" else None
    if own_decorator is not None and text.startswith(_PRINTED_MODULE_DECORATOR):
        shown = own_decorator + text[len(_PRINTED_MODULE_DECORATOR):]
        names.setdefault("I", namespaces.lookup("ir"))  # to read the print back
    unbound = [alias for alias in _PRINTED_ALIASES if alias not in names
               and re.search(rf"(?<![\w.]){alias}\.", shown)]
    if unbound:
        # The file would name a namespace it does not import (`Ts` of S-TIR blocks).
        return _decline("needs-import", "import " + ", ".join(
            f"`{_PRINTED_ALIASES[alias]}`" for alias in unbound) + " first")
    try:
        again = from_source(text, extra_vars=names, source_name="<format>")
    except Exception as exc:  # noqa: BLE001 - the print does not parse back: leave it
        return replace(_decline("not-equal", f"{type(exc).__name__}: {exc}"),
                       mismatch=print_error_mismatch(definition, exc, names))
    # Without its symbol lines the text uses the file's symbols: they must be the module's own.
    if not structural_equal(definition.ir, again, map_free_vars=not symbols):
        return replace(_decline("not-equal"),
                       mismatch=ir_mismatch(definition, again, map_free_vars=not symbols))
    if _bound_names(definition.ir) != _bound_names(again):
        return _decline("renames")
    printed_name = _defined_name(text)
    if printed_name != node.name:
        return _decline("renames", f"the print names `{node.name}` `{printed_name}`")
    if again.script(show_header=False, **definition.print_options) != canonical:
        return _decline("unstable")
    if definition.comments:
        problem = _comments_problem(definition, text, names)
        if problem is not None:
            return problem
    formatted = _indented(shown, node)
    if definition.line_ending != "\n":  # the file's own line ends, not the printer's
        formatted = formatted.replace("\n", definition.line_ending)
    return FormatVerdict(text=formatted, range=_replaced_range(definition))


_PRINTED_MODULE_DECORATOR = "@I.ir_module\n"


def _package_module_decorator(node: Any) -> Optional[str]:
    """``@tvm.script.ir_module``: a module decorator the source names through its package
    (``import tvm``), which the printed ``@I.ir_module`` means too; None for any other."""
    if len(node.decorator_list) != 1:
        return None
    decorator = node.decorator_list[0]
    parts = []
    while isinstance(decorator, ast.Attribute):
        parts.append(decorator.attr)
        decorator = decorator.value
    if not isinstance(decorator, ast.Name) or len(parts) < 2 or parts[0] != "ir_module":
        return None
    return "@" + ast.unparse(node.decorator_list[0]) + "\n"


def _in_canonical_spelling(definition: Any) -> Any:
    """The definition as the explicit migration prints it: in the canonical spelling."""
    return replace(definition, apache_spelling=[], _formatted=None, _formatted_printed=False,
                   _commented=None)


def _replaced_range(definition: Any) -> Tuple[int, int, int, int]:
    """The definition's range, to the end of a comment after its last statement on its last
    line: that comment is in the text too, so it must not stay behind."""
    first_line, first_column, last_line, last_column = definition.range
    # The node and the comments keep the lines of the analysis that made them (a session
    # moves only the range), so compare them with each other.
    node = definition.node
    for comment in definition.comments:
        line, column, _, end = comment.range
        if line == node.end_lineno and column >= node.end_col_offset:
            last_column = max(last_column, end)
    return (first_line, first_column, last_line, last_column)


def _comments_problem(definition: Any, text: str,
                      names: Dict[str, Any]) -> Optional[FormatVerdict]:
    """Why the text with comments cannot replace the source: a comment lost or moved, or a
    second formatting that would change it; None when it can."""
    found = [c.text for c in scan(text).comments]
    if found != [c.text for c in definition.comments]:
        return _decline("comments", "the formatted text would not hold every comment in order")
    again = parse_diagnostics(text, extra_vars=names, source_name="<format>").definitions
    printed = again[0].formatted_text_with_comments if len(again) == 1 else None
    if printed is not None and definition.kind == "module":
        printed = _with_class_name(printed, definition.node.name)
    if printed is None or _split_module_symbols(printed)[1] != text:
        return _decline("unstable", "formatting the formatted text again changes it")
    return None


_MODULE_SYMBOL = re.compile(r'([A-Za-z_]\w*) = T\.dynamic\("(?:[^"\\]|\\.)*", dtype="\w+"\)')


def _split_module_symbols(text: str) -> Tuple[List[str], str]:
    """The names a module's print declares first (``n = T.dynamic("n", dtype="int32")``, the
    symbols of its signatures: printer.md) and the text after those lines. In a file the
    symbols are the file's own declarations, which stay where they are."""
    lines = split_lines(text)
    names: List[str] = []
    while len(names) < len(lines) and (match := _MODULE_SYMBOL.fullmatch(lines[len(names)])):
        names.append(match.group(1))
    return names, "\n".join(lines[len(names):])


def _with_class_name(text: str, name: str) -> str:
    """``text`` with its first ``class X`` line naming ``name`` instead."""
    return re.sub(r"^class [A-Za-z_]\w*", f"class {name}", text, count=1, flags=re.MULTILINE)


def _defined_name(text: str) -> Optional[str]:
    """The name the print defines (its first ``def`` or ``class``)."""
    for line in split_lines(text):
        words = line.replace("(", " ").replace("[", " ").replace(":", " ").split()
        if len(words) >= 2 and words[0] in ("def", "class"):
            return words[1]
    return None


def _indented(text: str, node: Any) -> str:
    """The print at the definition's indentation (a definition nested in a function or class
    is indented; its first line keeps the column the range starts at)."""
    decorators = getattr(node, "decorator_list", [])
    column = (decorators[0].col_offset - 1) if decorators else node.col_offset
    if column <= 0:
        return text
    pad = " " * column
    lines = split_lines(text)
    return "\n".join([lines[0]] + [pad + line if line else line for line in lines[1:]])


__all__ = ["FormatVerdict", "REASONS", "apache_members", "format_verdict"]
