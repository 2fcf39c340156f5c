"""What an analysis reports, and how errors become core ``ir.Diagnostic`` objects.

``ParseReport.to_plain()`` is the data the embedding API (and the analysis worker) reads; its
shape is documented in docs/architecture.md. Ranges are (line, UTF-8 byte column, end line,
end column), lines 1-based.
"""

from __future__ import annotations

import collections
import inspect
import json
import re
import types
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tvm_ffi import object_class

from .codes import CODES, SEVERITY_NAMES, code_of
from .comment_placement import CommentedPrint, print_with_comments
from .line_index import split_lines
from .locations import error_location
from .occurrences import Occurrence, OccurrenceTable
from .source_facts import AttachedComment
from .ast_build import Loc
from .untrusted import UNTRUSTED_CODE

Diagnostic = object_class("ir.Diagnostic")
DiagnosticFix = object_class("ir.DiagnosticFix")
TextEdit = object_class("ir.TextEdit")
_Span = object_class("ir.Span")

ERROR, WARNING, INFORMATION, HINT = 1, 2, 3, 4
_NAMESPACE_IMPORTS = {"T": "tirx", "I": "ir", "Ts": "s_tir"}


@dataclass
class DefinitionReport:
    """One TVMScript definition of the file. ``canonical_text`` is printed on first use."""

    name: str
    kind: str  # "function", "module" or "macro"
    range: Loc
    key: str = ""
    """Identifies the definition's text and context: equal keys, equal analyses."""
    ir: Any = None
    lossy_reasons: List[str] = field(default_factory=list)
    errors: List[BaseException] = field(default_factory=list)
    """The exceptions behind its diagnostics, in source order (the raising APIs raise the
    first)."""
    depth: int = 0
    """0 at top level; more inside functions and classes."""
    decorator: Any = None
    program: Any = None
    """A standalone function's builder program (the raising APIs check it)."""
    node: Any = None
    """Its AST (statements, names and positions as parsed; building rewrites expressions)."""
    env: Any = None
    """What its source could name (namespace aliases, module symbols, macros)."""
    apache_spelling: List[str] = field(default_factory=list)
    """The Apache TVM spellings it uses (``T.prim_func``, ``T.Buffer``...), read before
    building."""
    line_ending: str = "\n"
    """The line ending of its first line: a formatted text is written with it."""
    comments: List[AttachedComment] = field(default_factory=list)
    """Its comments in source order (the list its UnitPart reports)."""
    stale: bool = False
    """A result kept from before an edit broke the definition (a syntax error): for
    navigation and hover only."""
    positions: List[Tuple[Loc, Any]] = field(default_factory=list)
    """The position index: (range relative to the definition's first line, value) of every
    expression the builder program computed, innermost first for equal starts."""
    _canonical: Any = None
    _printed: bool = False
    _formatted: Any = None
    _formatted_printed: bool = False
    _commented: Optional[CommentedPrint] = None

    @property
    def lossy(self) -> bool:
        return bool(self.lossy_reasons)

    @property
    def partial(self) -> bool:
        """Whether its IR lacks what failed (never format from a partial IR)."""
        return bool(self.errors)

    @property
    def spelling(self) -> str:
        """The spelling its print keeps (printer option ``spelling``): ``apache`` for a
        definition written in Apache TVM's spelling, else ``canonical``."""
        return "apache" if self.apache_spelling else "canonical"

    @property
    def print_options(self) -> Dict[str, Any]:
        """The printer options of what formatting writes: its own spelling and, for a function
        in Apache TVM's spelling, its `def` name (Apache's tests name `def before` a function
        whose `global_symbol` is "main": that attribute stays in `T.func_attr`), and for a
        module its class name."""
        options: Dict[str, Any] = {"spelling": self.spelling}
        own_name = self.name.isascii() and self.name.isidentifier()
        if self.spelling == "apache" and self.kind == "function" and own_name:
            options["function_name"] = self.name
        if self.kind == "module" and own_name:
            options["module_name"] = self.name  # the class and its members' `Name.f` keep it
        return options

    def _print(self, **options: Any) -> Optional[str]:
        """Its print with ``options`` without the header; None when the printer refuses it."""
        if self.ir is None:
            return None
        try:
            return self.ir.script(show_header=False, **options)
        except TimeoutError:
            raise
        except Exception:  # noqa: BLE001 - no text, the rest stands
            return None

    @property
    def canonical_text(self) -> Optional[str]:
        """Its print in the canonical spelling, without the header (hover, "show canonical
        IR", `tvm-lsp print`)."""
        if not self._printed:
            self._canonical = self._print(spelling="canonical")
            self._printed = True
        return self._canonical

    @property
    def formatted_text(self) -> Optional[str]:
        """Its print with ``print_options`` (its own spelling, a module's class name), without
        the header: what formatting writes (the canonical text unless it is written in Apache
        TVM's spelling or is a module)."""
        if self.print_options == {"spelling": "canonical"}:
            return self.canonical_text
        if not self._formatted_printed:
            self._formatted = self._print(**self.print_options)
            self._formatted_printed = True
        return self._formatted

    @property
    def commented_print(self) -> CommentedPrint:
        """Its print in its own spelling with its comments placed, or the comments it cannot
        place (made on first use; see comment_placement)."""
        if self._commented is None:
            printed = self.formatted_text
            if printed is None or self.node is None:
                self._commented = CommentedPrint(None)
            else:
                self._commented = print_with_comments(self.node, self.ir, self.comments,
                                                      printed, self.print_options)
        return self._commented

    @property
    def formatted_text_with_comments(self) -> Optional[str]:
        """``formatted_text`` with every comment of the definition where it belongs; None when
        a comment has no place in it (``commented_print.unplaced`` says which and why)."""
        return self.commented_print.text


def _contains(loc: Sequence[int], line: int, column: int) -> bool:
    return (loc[0], loc[1]) <= (line, column) < (loc[2], loc[3])


def _extent(loc: Sequence[int]) -> Tuple[int, int]:
    return (loc[2] - loc[0], loc[3] - loc[1] if loc[2] == loc[0] else loc[3])


def describe(value: Any) -> Dict[str, Any]:
    """What hover shows of a value: its kind, canonical print and type."""
    if isinstance(value, types.ModuleType):
        # A namespace (`T`): its name, not its file; and never an attribute probe, which a
        # namespace answers with a missing-member search.
        return {"kind": "module", "text": f"module {value.__name__}", "type": ""}
    try:
        kind = getattr(value, "__tvm_ffi_type_key__", None)
    except Exception:  # noqa: BLE001 - an object whose attribute hook raises (`I` outside a parse)
        kind = None
    if not isinstance(kind, str):
        kind = type(value).__name__
    try:
        if hasattr(value, "script"):
            text = value.script()
        else:
            text = _callable_text(value) or _stable_repr(value)
    except Exception:  # noqa: BLE001 - a value the printer rejects still has a kind
        text = _stable_repr(value)
    if not isinstance(text, str):  # a poisoned value answers every call with itself
        text = _stable_repr(value)
    try:
        ty = getattr(value, "ty", None)
        type_text = ty.script() if ty is not None and hasattr(ty, "script") else ""
    except Exception:  # noqa: BLE001
        type_text = ""
    if not isinstance(type_text, str):
        type_text = ""
    return {"kind": str(kind), "text": clean_text(text), "type": clean_text(type_text)}


NODE_FIELDS = 6
"""A node of a part's position index is six integers: line, column, end line, end column
(lines relative to the definition's first line), the index of its description, and the index of
the part's occurrence with the same range (the symbol it names) or -1."""


def hover_nodes(definition: DefinitionReport, occurrences: List[Dict[str, Any]],
                symbols: List[Dict[str, Any]]) -> Tuple[List[Dict[str, Any]], List[int]]:
    """The definition's position index as plain data (the part's ``descriptions`` and
    ``nodes``, NODE_FIELDS integers per node, one flat list: an object per node would cost
    the answer's JSON and its readers a map each): each block's name (described as its
    header), then each recorded expression. A value met at many places is described once. The
    server answers hover from these, as ``what_is_at`` does."""
    first = definition.range[0]

    def relative(r: Sequence[int]) -> Tuple[int, int, int, int]:
        return (r[0] - first, r[1], r[2] - first, r[3])

    descriptions: List[Dict[str, Any]] = []
    nodes: List[int] = []
    blocks = {s["id"]: s for s in symbols if s["kind"] == "block"}
    for index, occurrence in enumerate(occurrences):
        block = blocks.get(occurrence["symbol"]) if occurrence["kind"] == "block" else None
        if block is not None:
            header = "".join(f"\n    {line}" for line in split_lines(block["type"].rstrip("\r\n")))
            text = f"with T.sblock({json.dumps(block['name'])}):{header}"
            nodes += [*relative(occurrence["range"]), len(descriptions), index]
            descriptions.append({"kind": "block", "text": text, "type": ""})
    occurrence_at = {relative(o["range"]): index for index, o in enumerate(occurrences)}
    index_of: Dict[int, int] = {}
    for loc, value in definition.positions:
        about = index_of.get(id(value))
        if about is None:
            about = index_of[id(value)] = len(descriptions)
            descriptions.append(describe(value))
        nodes += [*loc, about, occurrence_at.get(tuple(loc), -1)]
    return descriptions, nodes


def node_ranges(nodes: List[int]):
    """(range, description index, occurrence index) of each node of a flat ``nodes`` list."""
    for k in range(0, len(nodes), NODE_FIELDS):
        yield nodes[k:k + 4], nodes[k + 4], nodes[k + 5]


_CALLABLE_TEXTS: "collections.OrderedDict[int, Tuple[Any, str]]" = collections.OrderedDict()
_CALLABLE_TEXTS_KEPT = 512
"""The texts of the last callables described, by identity (each entry holds its callable, so
the id stays its own): the same namespace members recur in every definition, and reading a
signature costs about 70 us each (a fifth of the position index's cost at 1,000 lines)."""


def _callable_text(value: Any) -> Optional[str]:
    """A Python function or class (a namespace member such as ``T.parallel``) as its header
    and the first paragraph of its docstring, which is what a user hovering a call wants to
    see; None for other values."""
    if not (inspect.isroutine(value) or inspect.isclass(value)):
        return None
    kept = _CALLABLE_TEXTS.get(id(value))
    if kept is not None and kept[0] is value:
        _CALLABLE_TEXTS.move_to_end(id(value))
        return kept[1]
    text = _read_callable(value)
    _CALLABLE_TEXTS[id(value)] = (value, text)
    while len(_CALLABLE_TEXTS) > _CALLABLE_TEXTS_KEPT:
        _CALLABLE_TEXTS.popitem(last=False)
    return text


def _read_callable(value: Any) -> str:
    try:
        signature = str(_unquoted(inspect.signature(value)))
    except (TypeError, ValueError):  # natives without a signature
        signature = "(...)"
    keyword = "class" if inspect.isclass(value) else "def"
    header = f"{keyword} {getattr(value, '__name__', '?')}{signature}:"
    doc = value.__doc__ if isinstance(value.__doc__, str) else ""
    summary = inspect.cleandoc(doc).split("\n\n", 1)[0].strip().replace('"""', "'''")
    if not summary:
        return header + " ..."
    body = "\n".join("    " + line if line else "" for line in split_lines(summary))
    return f'{header}\n    """{body.lstrip()}"""'


class _AnnotationText:
    """An annotation kept as text (``from __future__ import annotations``) that prints
    without the quotes ``inspect`` would put around a str."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _unquoted(signature: inspect.Signature) -> inspect.Signature:
    def plain(annotation: Any) -> Any:
        return _AnnotationText(annotation) if isinstance(annotation, str) else annotation

    parameters = [p.replace(annotation=plain(p.annotation)) for p in signature.parameters.values()]
    return signature.replace(parameters=parameters,
                             return_annotation=plain(signature.return_annotation))


_ADDRESS = re.compile(r" (?:object )?at 0x[0-9a-fA-F]+")


def _stable_repr(value: Any) -> str:
    """``repr`` without memory addresses (``<function Tensor at 0x7f...>`` would make hover
    text differ between runs)."""
    try:
        return _ADDRESS.sub("", repr(value))
    except Exception:  # noqa: BLE001 - a repr that raises still leaves its type to show
        return f"<{type(value).__name__}>"


def what_is_at(report: "ParseReport", line: int, column: int) -> Optional[Dict[str, Any]]:
    """What is at (line, UTF-8 byte column), read from the definitions' position indexes
    (``hover_nodes``) as the server reads them (lsp/server/features/node_at.cc): a block's name
    (its header), else the innermost recorded expression (its range, kind, canonical print,
    type and the symbol it names, or None), else the occurrence of a symbol (a parameter's or
    function's name: kind ``symbol``); None when there is none of these."""
    for unit in report.units:
        definition = unit.definition
        if not definition.range[0] <= line <= definition.range[2]:
            continue
        plain = unit.plain()
        first = definition.range[0]
        descriptions = plain["descriptions"]
        best = None
        for loc, about, occurrence in node_ranges(plain["nodes"]):
            if not _contains(loc, line - first, column):
                continue
            if descriptions[about]["kind"] == "block":
                best = (loc, about, occurrence)
                break
            if best is None or _extent(loc) < _extent(best[0]):
                best = (loc, about, occurrence)
        if best is not None:
            loc, about, occurrence = best
            symbol = plain["occurrences"][occurrence]["symbol"] if occurrence >= 0 else None
            return {"range": [loc[0] + first, loc[1], loc[2] + first, loc[3]],
                    **descriptions[about], "symbol": symbol}
        symbols = {s["id"]: s for s in plain["symbols"]}
        symbols.update((s.id, _plain_symbol(s)) for s in report.module_table.symbols)
        for occurrence in plain["occurrences"]:
            if _contains(occurrence["range"], line, column):
                symbol = symbols.get(occurrence["symbol"], {})
                return {"range": occurrence["range"], "kind": "symbol",
                        "text": symbol.get("name", ""), "type": symbol.get("type", ""),
                        "symbol": occurrence["symbol"]}
        return None
    return None


@dataclass
class UnitPart:
    """What the analysis of one definition reported: its entry, its diagnostics, its own
    symbols and occurrences, and its comments."""

    definition: DefinitionReport
    diagnostics: List[Any] = field(default_factory=list)
    table: OccurrenceTable = field(default_factory=OccurrenceTable)
    comments: List[AttachedComment] = field(default_factory=list)

    _plain: Optional[Dict[str, Any]] = None

    def __post_init__(self) -> None:
        # The analysis fills the part's list; the definition sees the same comments.
        self.definition.comments = self.comments

    @property
    def unit_id(self) -> str:
        """The definition's symbol-id prefix (its path in the file)."""
        return self.table.prefix

    def plain(self) -> Dict[str, Any]:
        """The part as plain data (``ParseReport.to_plain``'s items, comments without their
        definition index), made once: call it when the analysis is done."""
        if self._plain is None:
            self._plain = self._make_plain()
        return self._plain

    def _make_plain(self) -> Dict[str, Any]:
        d = self.definition
        occurrences = [_plain_occurrence(o) for o in self.table.occurrences]
        symbols = [_plain_symbol(x) for x in self.table.symbols]
        descriptions, nodes = hover_nodes(d, occurrences, symbols)
        return {
            "unit_id": self.table.prefix,
            "definition": {"name": clean_text(d.name), "kind": d.kind, "range": list(d.range),
                           "key": d.key, "canonical_text": d.canonical_text, "lossy": d.lossy,
                           "partial": d.partial},
            "diagnostics": [plain_diagnostic(x) for x in self.diagnostics],
            "occurrences": occurrences,
            "symbols": symbols,
            "comments": [{"range": list(c.range), "text": clean_text(c.text),
                          "statement_line": c.statement_line} for c in self.comments],
            "descriptions": descriptions,
            "nodes": nodes,
        }


@dataclass
class PlainUnit:
    """A definition's part as plain data, from an earlier analysis of the same text and
    context (a document session's cache), moved to where the definition is now."""

    definition: DefinitionReport
    data: Dict[str, Any]

    @property
    def unit_id(self) -> str:
        return self.data.get("unit_id", "")

    def plain(self) -> Dict[str, Any]:
        return self.data


def module_definitions(symbols: List[Any]) -> List[Occurrence]:
    """The definition occurrence of each module symbol (``n = T.dynamic("n")``): module code
    lies in no definition's part, so no part has it, yet references and rename must reach it.
    The worker's client derives the same from the file's symbols (lsp/client/result_parts.cc)."""
    return [Occurrence(tuple(s.definition_range), s.id, True, s.kind) for s in symbols
            if s.definition_range is not None]


def _plain_occurrence(o: Any) -> Dict[str, Any]:
    return {"range": list(o.range), "symbol": o.symbol, "is_definition": o.is_definition,
            "kind": o.kind}


def _plain_symbol(s: Any) -> Dict[str, Any]:
    return {"id": s.id, "name": clean_text(s.name), "kind": s.kind, "type": s.type,
            "definition_range": list(s.definition_range) if s.definition_range else None}


@dataclass
class ParseReport:
    """What ``parse_diagnostics`` found: file-level diagnostics and module symbols, then one
    part per definition; ``to_plain()`` is the embedding API's data."""

    source_name: str
    file_diagnostics: List[Any] = field(default_factory=list)
    module_table: OccurrenceTable = field(
        default_factory=lambda: OccurrenceTable(prefix="module"))
    units: List[Any] = field(default_factory=list)
    """UnitPart or PlainUnit, in source order."""
    errors: List[BaseException] = field(default_factory=list)
    """File-level exceptions (syntax errors, module code), before any definition's."""

    @property
    def definitions(self) -> List[DefinitionReport]:
        return [u.definition for u in self.units]

    @property
    def diagnostics(self) -> List[Any]:
        """Live diagnostic objects (not those of cached parts)."""
        found = list(self.file_diagnostics)
        for unit in self.units:
            found.extend(getattr(unit, "diagnostics", ()))
        return found

    @property
    def occurrences(self) -> List[Any]:
        found = [o for u in self.units if isinstance(u, UnitPart) for o in u.table.occurrences]
        found += module_definitions(self.module_table.symbols)
        return sorted(found, key=lambda o: o.range)

    @property
    def symbols(self) -> List[Any]:
        return list(self.module_table.symbols) + [
            s for u in self.units if isinstance(u, UnitPart) for s in u.table.symbols]

    def what_is_at(self, line: int, column: int) -> Optional[Dict[str, Any]]:
        """See the module function ``what_is_at``."""
        return what_is_at(self, line, column)

    def to_plain(self) -> Dict[str, Any]:
        """Nested dicts, lists, strings, ints, bools and None only."""
        parts = [u.plain() for u in self.units]
        occurrences = [o for p in parts for o in p["occurrences"]]
        occurrences += [_plain_occurrence(o) for o in module_definitions(self.module_table.symbols)]
        occurrences.sort(key=lambda o: o["range"])
        return {
            "definitions": [p["definition"] for p in parts],
            "diagnostics": [plain_diagnostic(d) for d in self.file_diagnostics]
            + [d for p in parts for d in p["diagnostics"]],
            "occurrences": occurrences,
            "symbols": [_plain_symbol(s) for s in self.module_table.symbols]
            + [s for p in parts for s in p["symbols"]],
            "comments": [{**c, "definition": index} for index, p in enumerate(parts)
                         for c in p["comments"]],
        }


_SURROGATES = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` as valid UTF-8 can carry it: each lone surrogate (editors send them for
    broken characters) becomes U+FFFD, which keeps the UTF-16 length of the text."""
    return text if text.isascii() else _SURROGATES.sub("\ufffd", text)


def _span_range(span: Any) -> List[int]:
    return [span.start_line, span.start_column, span.end_line, span.end_column]


def _plain_path(path: Any) -> Optional[str]:
    return None if path is None else clean_text(str(path))


def plain_diagnostic(diagnostic: Any) -> Dict[str, Any]:
    """A diagnostic as plain data: every field of the core ``ir.Diagnostic`` survives (the
    access path as its text, ``<root>.body.seq[2]``)."""
    return {
        "severity": SEVERITY_NAMES.get(int(diagnostic.severity), "error"),
        "code": diagnostic.code,
        "message": diagnostic.message,
        "range": _span_range(diagnostic.span),
        "related": [{"range": _span_range(r.span), "message": r.message}
                    for r in diagnostic.related],
        "fixes": [{"title": f.title,
                   "edits": [{"range": _span_range(e.span), "new_text": e.new_text}
                             for e in f.edits]}
                  for f in diagnostic.fixes],
        "tags": [str(t) for t in diagnostic.tags],
        "path": _plain_path(diagnostic.path),
    }


class DiagnosticMaker:
    """Turns errors into diagnostics appended to ``sink`` (a list), with ranges clamped to
    the text."""

    def __init__(self, source_name: str, sink: List[Any], lines: Any) -> None:
        self.source_name = clean_text(source_name)
        self.sink = sink
        self.lines = lines

    def into(self, sink: List[Any]) -> "DiagnosticMaker":
        """The same maker, appending to another list (a definition's)."""
        return DiagnosticMaker(self.source_name, sink, self.lines)

    def span(self, loc: Loc) -> Any:
        return _Span(self.source_name, *self.clamp(loc))

    def clamp(self, loc: Loc) -> Loc:
        """A range inside the text (an error may point past its end, or at line 0)."""
        count = max(self.lines.line_count, 1)

        def point(line: int, column: int) -> Tuple[int, int]:
            if line < 1:
                return 1, 0
            if line > count:
                return count, self._width(count)
            return line, max(0, min(column, self._width(line)))

        start = point(loc[0], loc[1])
        end = point(loc[2], loc[3])
        return (*start, *end) if end >= start else (*start, *start)

    def _width(self, line: int) -> int:
        return len(self.lines.line_text(line).encode("utf-8", "surrogatepass"))

    def add(self, code: str, message: str, loc: Loc, severity: int = ERROR,
            fixes: Tuple[Any, ...] = (), *, path: Any = None, related: Tuple[Any, ...] = (),
            tags: Tuple[str, ...] = ()) -> None:
        if code not in CODES:  # the registry is closed (codes.py): a bug, made visible
            code, message = "internal-error", f"unregistered diagnostic code `{code}`: {message}"
        self.sink.append(Diagnostic(severity, code, clean_text(message), self.span(loc), path,
                                    list(related), list(tags), list(fixes)))

    def syntax_error(self, error: SyntaxError) -> None:
        lines = self.lines
        line = error.lineno or 1
        start = lines.byte_column(line, max((error.offset or 1) - 1, 0)) \
            if 1 <= line <= lines.line_count else 0
        end_line = error.end_lineno or line
        end_offset = error.end_offset if error.end_offset and error.end_offset > 0 else None
        end = lines.byte_column(end_line, end_offset - 1) \
            if end_offset and 1 <= end_line <= lines.line_count else start
        if (end_line, end) < (line, start):
            end_line, end = line, start
        loc = (line, start, end_line, end)
        self.add("syntax-error", str(error.msg), loc, fixes=self._syntax_fixes(error, loc))

    def _syntax_fixes(self, error: SyntaxError, loc: Loc) -> Tuple[Any, ...]:
        if str(error.msg).startswith("Quoted annotations"):
            line_text = self.lines.line_text(loc[0]).encode("utf-8", "surrogatepass")
            quoted = line_text[loc[1]:loc[3]].decode("utf-8", "replace")
            if len(quoted) >= 2 and quoted[0] == quoted[-1] and quoted[0] in "'\"":
                edit = TextEdit(self.span(loc), clean_text(quoted[1:-1]))
                return (DiagnosticFix("Remove the quotes", [edit]),)
        return ()

    def error(self, exc: BaseException, fallback: Loc, severity: int = ERROR) -> None:
        """Any frontend error: a syntax error, a refusal (information), or a construction
        error with the code of its type (``type-error``, ``name-error``...)."""
        if isinstance(exc, SyntaxError):
            self.syntax_error(exc)
            return
        location = error_location(exc)
        loc = tuple(location[1:]) if location else fallback
        if getattr(exc, "code", None) == UNTRUSTED_CODE:
            self.add(UNTRUSTED_CODE, str(exc), loc, severity=INFORMATION)  # type: ignore[arg-type]
            return
        fixes: Tuple[Any, ...] = ()
        if isinstance(exc, NameError) and getattr(exc, "name", None) in _NAMESPACE_IMPORTS:
            fixes = (self._import_fix(exc.name),)
        # A member an oracle has and ours does not build yet (recorded.py) is an information.
        severity = getattr(type(exc), "severity", severity)
        code = code_of(exc)
        message = str(exc) or type(exc).__name__
        if code == "python-error":
            message = f"{type(exc).__name__}: {message}"
        self.add(code, message, loc, severity, fixes=fixes)  # type: ignore[arg-type]

    def _import_fix(self, alias: str) -> Any:
        module = _NAMESPACE_IMPORTS[alias]
        edit = TextEdit(self.span((1, 0, 1, 0)),
                        f"from tvm_tirx.script import {module} as {alias}\n")
        return DiagnosticFix(f"Import `{alias}` (`from tvm_tirx.script import {module} as "
                             f"{alias}`)", [edit])


__all__ = [
    "DefinitionReport", "Diagnostic", "DiagnosticMaker", "ERROR", "HINT", "INFORMATION",
    "ParseReport", "PlainUnit", "UnitPart", "SEVERITY_NAMES", "WARNING", "clean_text",
    "describe", "plain_diagnostic", "what_is_at",
]

