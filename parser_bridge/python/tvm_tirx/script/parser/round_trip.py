"""Where a definition's canonical print stops reading back as the same program, in its source.

The formatting verdict (``formatting.format_verdict``) reads each definition's canonical print
back; when that gives another IR, or no IR at all, this module says where and what:

- another IR: the first mismatch of structural equality (``get_first_structural_mismatch``,
  the core's own first-mismatch report) is a pair of access paths; the source's IR is walked
  along its path, and the innermost node on it that the source locates gives the range. A
  statement carries its span (a variable too: its definition's); another expression is found
  in the definition's position index (the value each source expression computed, by
  identity, innermost first and inside the node already found, so a value met at several
  places is taken at the right one; a variable's uses are all one object, so a use is
  located by the expression around it). The message names the path and both values:
  ``body.seq[2].value.b: 1 vs 2``.
- no IR (the print does not parse, or building it fails): the error's place in the print is
  mapped back through the printer's source map (each printed range names the access path of
  the IR it came from) to that IR's path, and from there to the source as above.

When nothing on the path is located, the range is the definition's name. Ranges are
(line, UTF-8 byte column, end line, end column) of the text the definition's range is in: IR
spans keep the lines of the analysis that built them, so they are moved by as many lines as
the session moved the definition.

``mismatch_diagnostic`` turns a mismatch into the ``round-trip-mismatch`` diagnostic (plain
data, as ``report.plain_diagnostic`` writes them), with the canonical text as its related
information at the definition's range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Tuple

from tvm_ffi import core, get_first_structural_mismatch, get_global_func

from ... import ir as _ir
from .ast_build import Loc
from .entry import from_source
from .line_index import split_lines
from .locations import error_location
from .report import clean_text

CODE = "round-trip-mismatch"
"""The diagnostic's code (codes.CODES)."""

_MISSING_KINDS = (3, 4, 5)  # AccessKind: kAttrMissing, kArrayItemMissing, kMapItemMissing
_VALUE_WIDTH = 60


@dataclass(frozen=True)
class Mismatch:
    """Why a canonical print does not read back as the same program, and where in the source:
    ``message`` names what differs, ``range`` is the innermost source range of the first
    mismatching IR node, ``path`` the access path of that node in the source's IR (the text of
    an ``AccessPath``), when the mismatch is one."""

    message: str
    range: Loc
    path: Optional[str] = None


def ir_mismatch(definition: Any, again: Any, *, map_free_vars: bool) -> Optional[Mismatch]:
    """The first difference between the definition's IR and ``again`` (its print read back),
    or None when they are structurally equal under ``map_free_vars``."""
    found = get_first_structural_mismatch(definition.ir, again, map_free_vars)
    if found is None:
        return None
    lhs_path, rhs_path = found
    ours, theirs = _value_at(definition.ir, lhs_path), _value_at(again, rhs_path)
    where = _path_text(lhs_path)
    message = (f"{definition.name}'s canonical print reads back as a different program at "
               f"{where}: {ours} vs {theirs}")
    return Mismatch(message, source_range(definition, lhs_path), str(lhs_path))


def print_error_mismatch(definition: Any, error: BaseException,
                         names: Mapping[str, Any]) -> Mismatch:
    """The canonical print does not read back (``error`` is what reading it raised): where
    the error is in the print, mapped to the IR it printed and from there to the source."""
    message = (f"{definition.name}'s canonical print does not read back: "
               f"{type(error).__name__}: {_one_line(str(error))}")
    try:
        path = _printed_path_of_error(definition, names)
    except TimeoutError:  # the watchdog's: the embedding API reports it
        raise
    except Exception:  # noqa: BLE001 - the place is a refinement; the name stands without it
        path = None
    if path is None:
        return Mismatch(message, name_range(definition))
    return Mismatch(message, source_range(definition, path), str(path))


def source_range(definition: Any, path: Any) -> Loc:
    """The source range of the innermost node on ``path`` (an AccessPath from the
    definition's IR) that the source locates; the definition's name when none is."""
    found: Optional[Loc] = None
    node = definition.ir
    drift = _drift(definition)
    for step in path.to_steps():
        if step.kind in _MISSING_KINDS:
            break
        node = _step(node, step)
        if node is _NOWHERE:
            break
        loc = _located(definition, node, found, drift)
        if loc is not None:
            found = loc
    return found if found is not None else name_range(definition)


def name_range(definition: Any) -> Loc:
    """The range of the definition's name in its ``def`` or ``class`` line."""
    node = definition.node
    keyword = "class " if node.__class__.__name__ == "ClassDef" else "def "
    line = node.lineno + _drift(definition)
    column = node.col_offset + len(keyword)
    return (line, column, line, column + len(node.name.encode("utf-8")))


def mismatch_diagnostic(definition: Any, mismatch: Mismatch, canonical: str) -> Dict[str, Any]:
    """The ``round-trip-mismatch`` warning of ``mismatch``, as plain data: at the mismatch,
    with the canonical text as related information at the definition's range."""
    return {
        "severity": "warning",
        "code": CODE,
        "message": clean_text(mismatch.message),
        "range": list(mismatch.range),
        "related": [{"range": list(definition.range),
                     "message": clean_text(f"the canonical print of {definition.name}:\n"
                                           + canonical)}],
        "fixes": [],
        "tags": [],
        "path": None if mismatch.path is None else clean_text(mismatch.path),
    }


# ---- helpers ------------------------------------------------------------------------------


def _drift(definition: Any) -> int:
    """How many lines the session moved the definition since the analysis that built its IR
    (its AST and IR spans keep that analysis's lines; its range is moved)."""
    return definition.range[2] - definition.node.end_lineno


def _located(definition: Any, node: Any, enclosing: Optional[Loc], drift: int) -> Optional[Loc]:
    """Where the source has ``node`` inside ``enclosing`` (None: anywhere): its span (a
    statement's; a variable's is its definition), else the innermost recorded position of
    that very value; None when neither."""
    if not isinstance(node, core.Object):
        return None
    span = getattr(node, "span", None)
    if span is not None and span.start_line > 0:
        loc = (span.start_line + drift, span.start_column, span.end_line + drift,
               span.end_column)
        return loc if enclosing is None or _inside(loc, enclosing) else None
    if isinstance(node, _ir.Var):
        return None  # every use is the same object: no recorded position says which one
    first = definition.range[0]
    best: Optional[Loc] = None
    for loc, value in definition.positions:
        if not isinstance(value, core.Object) or not value.same_as(node):
            continue
        absolute = (loc[0] + first, loc[1], loc[2] + first, loc[3])
        if enclosing is not None and not _inside(absolute, enclosing):
            continue
        if best is None or _inside(absolute, best):
            best = absolute
    return best


def _inside(inner: Loc, outer: Loc) -> bool:
    return (outer[0], outer[1]) <= (inner[0], inner[1]) and \
        (inner[2], inner[3]) <= (outer[2], outer[3])


def _value_at(root: Any, path: Any) -> str:
    """What sits at ``path`` in ``root``, short: a node's print, a value's repr, ``nothing``
    for a missing step."""
    node = root
    for step in path.to_steps():
        if step.kind in _MISSING_KINDS:
            return "nothing"
        found = _step(node, step)
        if found is _NOWHERE:
            break
        node = found
    return _describe(node)


_NOWHERE = object()


def _step(node: Any, step: Any) -> Any:
    """The value one step of a path leads to from ``node``, or ``_NOWHERE``. A module's
    functions are keyed by GlobalVars, which differ between the two IRs compared: a key not
    found is matched by its name."""
    try:
        return getattr(node, step.key) if step.kind == 0 else node[step.key]
    except Exception:  # noqa: BLE001 - a path into something not indexable ends the walk
        pass
    name = _key_name(step.key)
    if step.kind == 2 and name is not None and hasattr(node, "items"):
        for key, value in node.items():
            if _key_name(key) == name:
                return value
    return _NOWHERE


def _key_name(key: Any) -> Optional[str]:
    name = getattr(key, "name_hint", None)
    return None if name is None else str(name)


def _path_text(path: Any) -> str:
    """``body.seq[2].value``, ``functions["b"].body`` (a GlobalVar key by its name): the
    path from the root, as the message names it."""
    text = ""
    for step in path.to_steps():
        if step.kind in (0, 3):
            text += "." + str(step.key)
        elif step.kind in (1, 4):
            text += f"[{step.key}]"
        else:
            name = _key_name(step.key)
            text += f'["{name}"]' if name is not None else f"[{_describe(step.key)}]"
        if step.kind in _MISSING_KINDS:
            text += "(missing)"
    return text[1:] if text.startswith(".") else (text or "<root>")


def _describe(value: Any) -> str:
    if isinstance(value, core.Object):
        try:
            text = value.script(show_header=False) if hasattr(value, "script") else repr(value)
        except Exception:  # noqa: BLE001 - a value the printer cannot print still gets named
            text = type(value).__name__
        return _one_line(text)
    return _one_line(repr(value))


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= _VALUE_WIDTH else line[:_VALUE_WIDTH - 3] + "..."


def _printed_path_of_error(definition: Any, names: Mapping[str, Any]) -> Any:
    """The access path of the IR printed where reading the plain canonical print back fails
    (the smallest printed range holding the error's place); None when that print reads back
    (only the text with comments failed) or the error has no place in it."""
    text, entries = get_global_func("script.ScriptWithSourceMap")(
        definition.ir, {"show_header": False})
    where = _error_place(str(text), names)
    if where is None:
        return None
    best: Any = None
    best_size = -1
    for entry in entries:
        start = (entry.start_line, entry.start_column)
        if start <= where < (entry.end_line, entry.end_column):
            size = entry.end - entry.begin
            if best is None or size < best_size:
                best, best_size = entry.path, size
    return best


def _error_place(text: str, names: Mapping[str, Any]) -> Optional[Tuple[int, int]]:
    """(line, UTF-8 byte column) in ``text`` where reading it back fails; None when it reads."""
    try:
        from_source(text, extra_vars=dict(names), source_name="<round-trip>")
    except SyntaxError as exc:
        lines = split_lines(text)
        if exc.lineno is None or not 1 <= exc.lineno <= len(lines):
            return None
        characters = max((exc.offset or 1) - 1, 0)
        return exc.lineno, len(lines[exc.lineno - 1][:characters].encode("utf-8"))
    except Exception as exc:  # noqa: BLE001 - any failure to build has a place too
        location = error_location(exc)
        return None if location is None else (location[1], location[2])
    return None


__all__ = ["CODE", "Mismatch", "ir_mismatch", "mismatch_diagnostic", "name_range",
           "print_error_mismatch", "source_range"]
