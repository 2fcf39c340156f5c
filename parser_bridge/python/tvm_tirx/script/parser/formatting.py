"""Whether a definition may be rewritten to its canonical print, and the text to write.

A formatter must never lose code or change the program, so a definition is formatted only when
every check passes; otherwise the verdict names the first reason it declines (a closed list,
``REASONS``). The checks: the definition built without errors and is not stale; its print
would lose no source structure (macro calls, host Python, captured values); it is not written
in Apache TVM's spelling (formatting keeps the user's dialect: migration is an explicit
action); it holds no comment (the printer does not place comments yet); its print parses back
(untrusted) to a structurally equal IR with the same names (structural equality ignores names)
and prints the same again (formatting twice changes nothing).

Computed on demand (``DefinitionReport.format_verdict``): neither a cold analysis nor a
decorator pays for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from tvm_ffi import DefRegionKind, structural_equal, structural_walk

from ... import ir as _ir
from . import namespaces
from .entry import from_source
from .spelling import apache_members

REASONS: Dict[str, str] = {
    "errors": "the definition has errors, so its IR leaves statements out",
    "stale": "the definition does not parse now (this is an earlier result)",
    "lossy": "its canonical print would lose source structure",
    "apache-spelling": "it is written in Apache TVM's spelling (migrate it explicitly)",
    "comments": "it holds comments, which the printer cannot place yet",
    "not-equal": "its canonical print does not parse back to the same program",
    "renames": "its canonical print renames a definition or a binding",
    "unstable": "its canonical print does not print the same once parsed again",
}
"""reason -> what it means (docs/frontend.md lists them)."""

@dataclass(frozen=True)
class FormatVerdict:
    """``text`` replaces the definition's range (decorators to its end), or ``reason`` (a key
    of ``REASONS``) says why it is left alone, with ``detail``."""

    text: Optional[str] = None
    reason: Optional[str] = None
    detail: str = ""


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


def format_verdict(definition: Any) -> FormatVerdict:
    """The verdict for one analysed definition (a ``DefinitionReport``; see the module
    comment)."""
    node, env = definition.node, definition.env
    if definition.stale or node is None or env is None:
        return _decline("stale")
    if definition.errors or definition.ir is None:
        return _decline("errors")
    if definition.lossy_reasons:
        return _decline("lossy", "; ".join(definition.lossy_reasons))
    if definition.apache_spelling:
        return _decline("apache-spelling",
                        "uses " + ", ".join(sorted(set(definition.apache_spelling))))
    if definition.comment_count:
        return _decline("comments")
    text = definition.canonical_text
    if text is None:
        return _decline("not-equal", "it has no canonical print")
    names = {k: v for k, v in env.items() if isinstance(v, _ir.Var)
             or namespaces.root_of(v) is not None}
    try:
        again = from_source(text, extra_vars=names, source_name="<format>")
    except Exception as exc:  # noqa: BLE001 - the print does not parse back: leave it
        return _decline("not-equal", f"{type(exc).__name__}: {exc}")
    if not structural_equal(definition.ir, again, map_free_vars=True):
        return _decline("not-equal")
    if _bound_names(definition.ir) != _bound_names(again):
        return _decline("renames")
    printed_name = _defined_name(text)
    if printed_name != node.name:
        return _decline("renames", f"the print names `{node.name}` `{printed_name}`")
    if again.script(show_header=False) != text:
        return _decline("unstable")
    return FormatVerdict(text=_indented(text, node))


def _defined_name(text: str) -> Optional[str]:
    """The name the print defines (its first ``def`` or ``class``)."""
    for line in text.split("\n"):
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
    lines = text.split("\n")
    return "\n".join([lines[0]] + [pad + line if line else line for line in lines[1:]])


__all__ = ["FormatVerdict", "REASONS", "apache_members", "format_verdict"]
