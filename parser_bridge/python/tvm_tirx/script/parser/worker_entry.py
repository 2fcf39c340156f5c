"""The analysis worker's entry (lsp/worker): documents analysed again and again and answered
per definition, and the questions asked about their last analysis.

``analyze_document`` is ``session.analyze_document`` (one ``DocumentSession`` per document,
kept in this process), whose answer also has ``to_parts(known)``: the file-level diagnostics
and module symbols, then per definition a token and its plain part, or the token alone when it
is in ``known`` (the caller holds that part already). The bridge converts only the parts it
is given, so an edit costs the rebuilt definitions, not the whole file.

Tokens. A part's token is a counter value given to the plain data object the session reports
for the definition, and kept while the session reports that very object again. The session
hands a definition it reuses in place the dict of the earlier analysis; one that moved is
copied and shifted, one rebuilt is made anew and a stale one is copied, so each of those gets
a new token. "The same object as last time" therefore means "the same data". The converse
need not hold (a rebuilt part may equal the old one): that costs one resend, never a wrong
answer. The alternatives were worse: hashing the data costs about what sending it does, and
key + unit id + first line would miss the stale mark and ranges clamped to text outside the
definition. As a guard against a kept dict being changed in place, a token is kept only while
the definition's range and stale mark are those it was given with. Tokens are unique in the
process (one counter), so parts of different documents or sessions never share one.

Each part carries its definition's position index (``descriptions`` and ``nodes``, lines
relative to the definition), from which the server answers hover without asking the worker.
``format_verdicts`` answers on the session's last report (``session.report``) and None when no
finished analysis of the document is kept (never analysed, dropped, or its
last analysis was cancelled). A ``not-equal`` verdict carries its ``round-trip-mismatch``
diagnostic (``round_trip``), which the server reports on save.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, replace
from typing import Any, Collection, Dict, Iterable, List, Optional, Tuple

from . import session
from .analysis import Progress
from .formatting import FormatVerdict, format_verdict
from .report import ParseReport, clean_text
from .round_trip import mismatch_diagnostic

_Mark = Tuple[Tuple[int, ...], bool]
_DocumentKey = Tuple[str, bool]


@dataclass
class _Issued:
    """A token given to one plain part; holding the part keeps its id from being reused."""

    plain: Dict[str, Any]
    token: str
    mark: _Mark


_COUNTER = itertools.count(1)
_ISSUED: Dict[_DocumentKey, Dict[int, _Issued]] = {}
"""Per document (name, trust): the tokens of its last analysis, by id of the plain part."""


def _mark(plain: Dict[str, Any]) -> _Mark:
    definition = plain["definition"]
    return tuple(definition["range"]), bool(definition.get("stale", False))


def _tokens(key: _DocumentKey, report: ParseReport) -> List[str]:
    """The token of each of the report's parts: the earlier one for the same object."""
    previous = _ISSUED.get(key, {})
    issued: Dict[int, _Issued] = {}
    for unit in report.units:
        plain = unit.plain()
        mark = _mark(plain)
        given = previous.get(id(plain))
        if given is None or given.plain is not plain or given.mark != mark:
            given = _Issued(plain, str(next(_COUNTER)), mark)
        issued[id(plain)] = given
    _ISSUED[key] = issued
    # Documents whose session is gone (closed, dropped) keep no tokens.
    for other in [k for k in _ISSUED if session.document_session(*k) is None]:
        del _ISSUED[other]
    return [issued[id(unit.plain())].token for unit in report.units]


def _sent_part(plain: Dict[str, Any]) -> Dict[str, Any]:
    """A unit's plain part as the worker sends it (bridge::DefinitionPart)."""
    return {
        "definition": plain["definition"],
        "diagnostics": plain["diagnostics"],
        "occurrences": plain["occurrences"],
        "symbols": plain["symbols"],
        "comments": [{**comment, "definition": None} for comment in plain["comments"]],
        "descriptions": plain["descriptions"],
        "nodes": plain["nodes"],
    }


class WorkerAnswer:
    """One analysis of a document, whole (``to_plain``) or per definition (``to_parts``)."""

    def __init__(self, report: ParseReport, tokens: List[str]) -> None:
        self.report = report
        self.tokens = tokens

    def to_plain(self) -> Dict[str, Any]:
        return self.report.to_plain()

    def to_parts(self, known: Iterable[str] = ()) -> Dict[str, Any]:
        """The analysis per definition (the ``ResultParts`` of worker_protocol.json); parts
        whose token is in ``known`` carry no data."""
        held = set(known)
        module = replace(self.report, units=[]).to_plain()  # file-level and module data only
        parts = [{"token": token, "part": None if token in held else _sent_part(unit.plain())}
                 for unit, token in zip(self.report.units, self.tokens)]
        return {"diagnostics": module["diagnostics"], "symbols": module["symbols"],
                "parts": parts}


def analyze_document(text: str, *, source_name: str = "<string>", trusted: bool = False,
                     progress: Optional[Progress] = None, skip: Collection[str] = (),
                     only_lines: Optional[Tuple[int, int]] = None) -> WorkerAnswer:
    """``session.analyze_document``, answered so that it can be sent per definition;
    ``only_lines`` (first, last) analyses only the definitions overlapping them (what the user
    sees first). Never raises but for cancellation and the watchdog's time-out."""
    if only_lines is not None:
        only_lines = (int(only_lines[0]), int(only_lines[1]))
    report = session.analyze_document(text, source_name=source_name, trusted=trusted,
                                      progress=progress, skip=skip, only_lines=only_lines)
    return WorkerAnswer(report, _tokens((source_name, bool(trusted)), report))


def _last_report(source_name: str, trusted: bool) -> Optional[ParseReport]:
    kept = session.document_session(source_name, trusted)
    return None if kept is None else kept.report


def format_verdicts(migrate: bool = False, budget_ms: int = 0, *, source_name: str,
                    trusted: bool = False) -> Optional[Dict[str, Any]]:
    """``{"definitions": [...], "complete": True}``: each definition's formatting verdict on the
    document's last analysis (``FormatVerdict`` of worker_protocol.json), or None when none is
    kept. With ``migrate``, definitions in Apache TVM's spelling get the verdict of their
    migration.

    A verdict reads the print back, which costs about what analysing the definition did, and
    every save asks for them all (the on-save round-trip check): each is kept per document
    by what it depends on (the definition's key, which names its text and context, its range
    and stale mark), so only definitions that changed are judged again.

    With ``budget_ms`` > 0, judging stops once that much time has passed (after at least one
    verdict): the answer is then ``{"definitions": [], "complete": False}`` and the verdicts
    judged so far are kept, so asking again goes on where this stopped. The server's slow lane
    asks in such steps, answering hovers and analysing edits in between."""
    report = _last_report(source_name, trusted)
    if report is None:
        return None
    document = (source_name, bool(trusted), bool(migrate))
    kept = _VERDICTS.get(document, {})
    deadline = time.monotonic() + budget_ms / 1000 if budget_ms > 0 else None
    judged: Dict[Tuple[Any, ...], Dict[str, Any]] = {}
    verdicts = []
    complete = True
    fresh = 0  # verdicts judged by this call: at least one, so every step makes progress
    for unit in report.units:
        definition = unit.definition
        key = (definition.key, tuple(definition.range), bool(definition.stale))
        plain = kept.get(key) if definition.key else None
        if plain is None:
            # Only a keyed verdict can wait for the next step (it is kept by its key).
            if deadline is not None and fresh and definition.key and time.monotonic() > deadline:
                complete = False
                continue
            plain = _plain_verdict(unit, format_verdict(definition, migrate=migrate))
            fresh += 1
        judged[key] = plain
        verdicts.append(plain)
    if complete:
        _VERDICTS[document] = judged
    else:
        _VERDICTS[document] = {**kept, **judged}
    for other in [k for k in _VERDICTS if session.document_session(k[0], k[1]) is None]:
        del _VERDICTS[other]  # closed or dropped documents keep none
    return {"definitions": verdicts if complete else [], "complete": complete}


_VERDICTS: Dict[Tuple[str, bool, bool], Dict[Tuple[Any, ...], Dict[str, Any]]] = {}
"""Per document (name, trust, migrate): the plain verdicts of its last ``format_verdicts``."""


def _plain_verdict(unit: Any, verdict: FormatVerdict) -> Dict[str, Any]:
    definition = unit.definition
    return {
        "name": clean_text(definition.name), "key": definition.key,
        "range": list(definition.range),
        "text": None if verdict.text is None else clean_text(verdict.text),
        "reason": verdict.reason, "detail": clean_text(verdict.detail),
        "mismatch": _mismatch(unit, verdict)}


def _mismatch(unit: Any, verdict: FormatVerdict) -> Optional[Dict[str, Any]]:
    """The ``round-trip-mismatch`` diagnostic of a ``not-equal`` verdict (plain), or None. A
    definition with errors gets none: its IR is not the program its text means."""
    definition = unit.definition
    if verdict.mismatch is None or definition.formatted_text is None or any(
            d["severity"] == "error" for d in unit.plain()["diagnostics"]):
        return None
    return mismatch_diagnostic(definition, verdict.mismatch, definition.formatted_text)


__all__ = ["WorkerAnswer", "analyze_document", "format_verdicts"]
