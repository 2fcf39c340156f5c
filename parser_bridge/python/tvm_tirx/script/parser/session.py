"""Incremental analysis of one open document.

A ``DocumentSession`` holds a document's text, takes edits as an editor sends them (ranges
in (line, UTF-8 byte column), or a whole new text), and analyses it again with the analysis
engine (analysis.py), re-building only the definitions whose key changed: a definition whose
text and context are the same as in an earlier analysis takes that analysis's result, moved
to where the definition now is. Every range of a definition's result that lies inside the
definition moves with it; ranges outside it (an "add the import" fix at line 1) stay.

The text is scanned again only around the change (source_rescan.py); a top-level chunk whose
text and first line are unchanged keeps its parsed tree, unless something in it was built
(which rewrites the tree). Building is what the session saves most.
"""

from __future__ import annotations

import bisect
import collections
import copy
from dataclasses import dataclass, field, replace
from typing import Any, Collection, Dict, List, Mapping, Optional, Sequence, Tuple

from .analysis import AnalysisOptions, ChunkCache, Progress, analyze_with
from .diagnostics import internal_error_report
from .report import ParseReport, PlainUnit, UnitPart, node_ranges
from .source_rescan import changed_region
from .line_index import NEWLINE, LineIndex, encoded_length

Range = Tuple[int, int, int, int]


@dataclass
class TextEdit:
    """Replace ``range`` (line, UTF-8 byte column, end line, end column; lines 1-based) with
    ``new_text``; a None range replaces the whole text."""

    range: Optional[Range]
    new_text: str


@dataclass
class SessionStats:
    """What the last analysis did: the definitions it built and those it reused."""

    built: List[str] = field(default_factory=list)
    reused: List[str] = field(default_factory=list)


@dataclass
class _Cached:
    first_line: int
    last_line: int
    definition: Any
    data: Dict[str, Any]
    moved: int = 0
    """Lines it moved by with the text changes since its analysis."""
    touched: bool = False
    """A change since its analysis overlaps it."""
    grown: int = 0
    """Lines added by the changes that overlap it."""
    unit: Optional[PlainUnit] = None
    """The part as reported, for reuse in place."""


class DocumentSession:
    """One document's text and the results of its last analysis, kept per definition."""

    def __init__(self, source_name: str = "<string>", *, trusted: bool = False,
                 extra_vars: Optional[Mapping[str, Any]] = None) -> None:
        self.source_name = source_name
        self.trusted = trusted
        self.extra_vars = dict(extra_vars or {})
        self.text = ""
        self.version = 0
        self.stats = SessionStats()
        self.report: Optional[ParseReport] = None
        """The last analysis's report (for queries between analyses)."""
        self._cache: Dict[Tuple[str, str], _Cached] = {}
        self._chunks = ChunkCache()

    # -- text ----------------------------------------------------------------------------------

    def set_text(self, text: str, version: Optional[int] = None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a document's text is a str, got `{type(text).__name__}`")
        self._follow_change(self.text, text)
        self._set(text, version)

    def _set(self, text: str, version: Optional[int]) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a document's text is a str, got `{type(text).__name__}`")
        self.text = text
        self.version = self.version + 1 if version is None else version

    def _follow_change(self, old: str, new: str) -> None:
        """Where the last analysis's definitions are in the new text: the changed lines are
        those holding the characters between the texts' common prefix and suffix; a definition
        below them moves by the change in line count, one that overlaps them is touched."""
        if old == new or not self._cache:
            return
        start, old_end, new_end = changed_region(old, new)
        lines = self._line_index(old)
        first_changed = bisect.bisect_right(lines.starts, start)
        last_changed = bisect.bisect_right(lines.starts, max(old_end - 1, start))
        # One unchanged character on each side counts a "\r\n" split by the change alike in
        # both texts.
        low = max(start - 1, 0)
        delta = len(NEWLINE.findall(new, low, new_end + 1)) - \
            len(NEWLINE.findall(old, low, old_end + 1))
        for cached in self._cache.values():
            # Where it is in ``old``: earlier changes moved or grew it.
            if cached.last_line + cached.moved + cached.grown < first_changed:
                continue
            if cached.first_line + cached.moved > last_changed:
                cached.moved += delta
            else:
                cached.touched = True
                cached.grown += max(0, delta)

    def _line_index(self, text: str) -> LineIndex:
        """The line index of ``text``: the last scan's when it is of that very text (building
        one walks the whole text, which an edit should not)."""
        scanned = self._chunks.scan
        if scanned is not None and scanned.line_index.text is text:
            return scanned.line_index
        return LineIndex(text)

    def apply_edits(self, edits: Sequence[TextEdit], version: Optional[int] = None) -> None:
        """Applies edits in order, each to the text the previous one left (as LSP's
        ``contentChanges``). A range past the end of the text is clamped to it. Each edit is
        followed on its own, so a definition moved by one and broken by the next keeps its
        stale result at its new place."""
        text = self.text
        for edit in edits:
            if edit.range is None:
                changed = edit.new_text
            else:
                lines = self._line_index(text)
                start = _offset(lines, edit.range[0], edit.range[1])
                end = max(start, _offset(lines, edit.range[2], edit.range[3]))
                changed = text[:start] + edit.new_text + text[end:]
            self._follow_change(text, changed)
            text = changed
        self._set(text, version)

    # -- analysis ------------------------------------------------------------------------------

    def analyze(self, *, progress: Optional[Progress] = None,
                skip: Collection[str] = (),
                only_lines: Optional[Tuple[int, int]] = None) -> ParseReport:
        """The document's analysis: definitions whose key and place in the file are as in the
        last analysis are reused, the others built. With ``only_lines``, only the definitions
        overlapping those lines (AnalysisOptions.only_lines); the results of the others are
        kept for the next analysis."""
        options = AnalysisOptions(source_name=self.source_name, trusted=self.trusted,
                                  extra_vars=self.extra_vars, progress=progress,
                                  skip=frozenset(skip), only_lines=only_lines)
        self.stats = SessionStats()
        report = analyze_with(self.text, options, self._reuse, self._chunks)
        cache: Dict[Tuple[str, str], _Cached] = {}
        for unit in report.units:
            definition = unit.definition
            if isinstance(unit, UnitPart):
                self.stats.built.append(definition.name)
                data = unit.plain()
                plain_unit = PlainUnit(definition, data)
            else:
                self.stats.reused.append(definition.name)
                data, plain_unit = unit.data, unit
            if not definition.key or definition.key in options.skip:
                continue
            cache[(definition.key, unit.unit_id)] = _Cached(
                definition.range[0], definition.range[2], definition, data, unit=plain_unit)
        if only_lines is None:
            self._keep_stale(report, cache)
        else:  # the definitions left out keep their results for the whole analysis after
            for key, cached in self._cache.items():
                cache.setdefault(key, cached)
        self._cache = cache
        self.report = report
        return report

    def _keep_stale(self, report: ParseReport, cache: Dict[Tuple[str, str], _Cached]) -> None:
        """A definition that an edit broke (touched, now gone, with a syntax error in its
        lines) keeps its last good result, marked stale, for navigation and hover: its
        symbols, occurrences, comments and position index, without its old diagnostics."""
        present = {u.unit_id for u in report.units}
        errors = [d.span.start_line for d in report.file_diagnostics if d.code == "syntax-error"]
        for key, cached in self._cache.items():
            if not cached.touched or key[1] in present or cached.definition.partial:
                continue
            first = cached.first_line + cached.moved
            last = cached.last_line + cached.moved + cached.grown
            if not any(first <= line <= last for line in errors):
                continue
            lines = self._line_index(self.text)
            data = _within_text(copy.deepcopy(_shifted(cached.data, cached.first_line,
                                                       cached.last_line, cached.moved)), lines)
            data["definition"]["stale"] = True
            data["diagnostics"] = []
            definition = replace(cached.definition, stale=True,
                                 range=tuple(data["definition"]["range"]))
            report.units.append(PlainUnit(definition, data))
            cache[key] = replace(cached, touched=True)
            present.add(key[1])
        report.units.sort(key=lambda u: tuple(u.definition.range))

    def _reuse(self, key: str, unit_id: str, where: Range) -> Optional[PlainUnit]:
        cached = self._cache.get((key, unit_id))
        if cached is None:
            return None
        delta = where[0] - cached.first_line
        if delta == 0 and cached.unit is not None:
            return cached.unit  # where it was: the same part serves (nothing mutates one)
        data = _shifted(cached.data, cached.first_line, cached.last_line, delta)
        definition = copy.copy(cached.definition)
        definition.range = tuple(data["definition"]["range"])
        return PlainUnit(definition, data)


def _offset(lines: LineIndex, line: int, byte_column: int) -> int:
    """The string index of (line, byte column), clamped to the text."""
    if line < 1:
        return 0
    starts = lines.starts
    if line > len(starts):
        return len(lines.text)
    text = lines.line_text(line)
    data = text.encode("utf-8", "surrogatepass")[:max(byte_column, 0)]
    return starts[line - 1] + len(data.decode("utf-8", "ignore"))


def _shifted(data: Dict[str, Any], first: int, last: int, delta: int) -> Dict[str, Any]:
    """A copy of a definition's plain part with every range inside lines first..last moved
    by ``delta`` lines."""
    if delta == 0:
        return data
    # The nodes' ranges count from the definition's first line: they move with it, unchanged
    # and shared.
    kept = ("descriptions", "nodes")
    moved = copy.deepcopy({key: value for key, value in data.items() if key not in kept})
    moved.update((key, data[key]) for key in kept)

    def shift(r: List[int]) -> None:
        if r and first <= r[0] <= last:
            r[0] += delta
            r[2] += delta

    shift(moved["definition"]["range"])
    for diagnostic in moved["diagnostics"]:
        shift(diagnostic["range"])
        for related in diagnostic["related"]:
            shift(related["range"])
        for fix in diagnostic["fixes"]:
            for edit in fix["edits"]:
                shift(edit["range"])
    for occurrence in moved["occurrences"]:
        shift(occurrence["range"])
    for symbol in moved["symbols"]:
        if symbol["definition_range"]:
            shift(symbol["definition_range"])
    for comment in moved["comments"]:
        shift(comment["range"])
        if comment["statement_line"] is not None and first <= comment["statement_line"] <= last:
            comment["statement_line"] += delta
    return moved


class _TextBounds:
    """Whether ranges (lines from 1, UTF-8 byte columns) lie inside a text; line lengths
    measured once each."""

    def __init__(self, lines: LineIndex) -> None:
        self.lines = lines
        self._lengths: Dict[int, int] = {}

    def length(self, line: int) -> int:
        if line not in self._lengths:
            self._lengths[line] = encoded_length(self.lines.line_text(line))
        return self._lengths[line]

    def holds(self, r: Sequence[int]) -> bool:
        return all(1 <= line <= self.lines.line_count and 0 <= column <= self.length(line)
                   for line, column in ((r[0], r[1]), (r[2], r[3])))


def _within_text(data: Dict[str, Any], lines: LineIndex) -> Dict[str, Any]:
    """A stale part kept inside the text it is shown with: the edit that broke the definition
    may have shortened or removed lines it spanned, so its range is clamped to the text and
    the occurrences, nodes, symbol definitions and comments that now lie past it are
    dropped."""
    bounds = _TextBounds(lines)
    inside = bounds.holds

    def clamp(line: int, column: int) -> Tuple[int, int]:
        line = min(max(line, 1), lines.line_count)
        return line, min(max(column, 0), bounds.length(line))

    was = data["definition"]["range"][0]
    start, end = clamp(*data["definition"]["range"][:2]), clamp(*data["definition"]["range"][2:])
    data["definition"]["range"] = [*start, *max(start, end)]
    kept = [k for k, o in enumerate(data["occurrences"]) if inside(o["range"])]
    renumbered = {old: new for new, old in enumerate(kept)}
    data["occurrences"] = [data["occurrences"][k] for k in kept]
    # Nodes count lines from the definition's first line, which the clamp may have moved, and
    # name occurrences by their place in the list just filtered.
    moved = was - start[0]
    nodes: List[int] = []
    for r, about, occurrence in node_ranges(data["nodes"]):
        if r[0] + moved >= 0 and inside((r[0] + was, r[1], r[2] + was, r[3])):
            nodes += [r[0] + moved, r[1], r[2] + moved, r[3], about,
                      renumbered.get(occurrence, -1)]
    data["nodes"] = nodes
    data["comments"] = [c for c in data["comments"] if inside(c["range"])]
    for symbol in data["symbols"]:
        if symbol["definition_range"] and not inside(symbol["definition_range"]):
            symbol["definition_range"] = None
    return data


# --- one process's open documents (the analysis worker's entry) --------------------------------

_OPEN_DOCUMENTS: "collections.OrderedDict[Tuple[str, bool], DocumentSession]" = \
    collections.OrderedDict()
OPEN_DOCUMENT_LIMIT = 32
"""How many documents' sessions one process keeps (least recently analysed dropped first)."""


def document_session(source_name: str, trusted: bool = False) -> Optional[DocumentSession]:
    """The session ``analyze_document`` keeps for a document, if any."""
    return _OPEN_DOCUMENTS.get((source_name, bool(trusted)))


def open_document_count() -> int:
    return len(_OPEN_DOCUMENTS)


def analyze_document(text: str, *, source_name: str = "<string>", trusted: bool = False,
                     progress: Optional[Progress] = None, skip: Collection[str] = (),
                     only_lines: Optional[Tuple[int, int]] = None) -> ParseReport:
    """``parse_diagnostics`` for a document analysed again and again (the analysis worker's
    entry): the session of ``source_name`` (kept per process, at most
    ``OPEN_DOCUMENT_LIMIT``) takes the new text and rebuilds only what changed. Never raises
    but for cancellation and the watchdog's time-out, like ``parse_diagnostics``."""
    key = (source_name, bool(trusted))
    session = _OPEN_DOCUMENTS.pop(key, None)
    try:
        if session is None:
            session = DocumentSession(source_name, trusted=trusted)
        session.set_text(text)
        report = session.analyze(progress=progress, skip=skip, only_lines=only_lines)
    except Exception as exc:  # noqa: BLE001 - the collecting API never raises
        if isinstance(exc, TimeoutError):  # the watchdog's: the embedding API reports it
            _keep(key, session)
            raise
        # The session may be half-changed: the next analysis starts afresh.
        return internal_error_report(exc, text, source_name)
    except BaseException:
        # Cancellation (runtime.Cancelled, the bridge's AnalysisCancelled), KeyboardInterrupt
        # and SystemExit propagate. The session stays: it holds the new text, and its results
        # and chunk trees are as consistent as after a whole analysis (an analysis replaces
        # them only when it ends; trees it rewrote are kept dirty), so the next version of a
        # document being typed does not start cold.
        _keep(key, session)
        raise
    _keep(key, session)
    return report


def _keep(key: Tuple[str, bool], session: Optional[DocumentSession]) -> None:
    if session is None:
        return
    _OPEN_DOCUMENTS[key] = session
    while len(_OPEN_DOCUMENTS) > OPEN_DOCUMENT_LIMIT:
        _OPEN_DOCUMENTS.popitem(last=False)


__all__ = ["DocumentSession", "OPEN_DOCUMENT_LIMIT", "SessionStats", "TextEdit",
           "analyze_document", "document_session", "open_document_count"]
