"""``parse_diagnostics``: the collecting frontend for tools. It never raises.

A thin layer over the analysis engine (analysis.py): the report has each TVMScript
definition's IR (partial when it has errors), canonical text, occurrences, comments and lossy
verdict, and every problem as a core ``ir.Diagnostic`` with a (line, UTF-8 byte column)
range inside the text.
"""

from __future__ import annotations

import traceback
from typing import Any, Collection, Mapping, Optional

from .analysis import AnalysisOptions, Progress, analyze
from .report import DefinitionReport, DiagnosticMaker, ParseReport
from .line_index import LineIndex


def parse_diagnostics(text: str, *, source_name: str = "<string>",
                      extra_vars: Optional[Mapping[str, Any]] = None,
                      trusted: bool = False, progress: Optional[Progress] = None,
                      skip: Collection[str] = ()) -> ParseReport:
    """Every definition, error, occurrence and comment of a TVMScript file. Never raises: an
    internal failure becomes an "internal-error" diagnostic. ``progress(key, name, range)`` is
    called before each definition is built; definitions whose key is in ``skip`` are reported
    as "time-limit" and not built. A ``runtime.Cancelled`` raised by ``progress`` (or the
    watchdog's TimeoutError) stops the analysis and propagates."""
    options = AnalysisOptions(source_name=source_name, trusted=trusted,
                              extra_vars=dict(extra_vars or {}), progress=progress,
                              skip=frozenset(skip))
    try:
        if not isinstance(text, str):
            raise TypeError(f"parse_diagnostics takes the source text as a str, got "
                            f"`{type(text).__name__}`")
        return analyze(text, options)
    except TimeoutError:
        raise  # the watchdog's: the embedding API reports it
    except Exception as exc:  # noqa: BLE001 - the collecting API never raises
        # Cancellation (runtime.Cancelled, the bridge's AnalysisCancelled), KeyboardInterrupt
        # and SystemExit are BaseExceptions: they propagate.
        return internal_error_report(exc, text, source_name)


def internal_error_report(exc: BaseException, text: Any, source_name: str) -> ParseReport:
    """The report of an analysis that failed itself: one internal-error with the traceback."""
    report = ParseReport(source_name)
    lines = LineIndex(text if isinstance(text, str) else "")
    DiagnosticMaker(source_name, report.file_diagnostics, lines).add(
        "internal-error", "".join(traceback.format_exception(exc)).strip(), (1, 0, 1, 0))
    return report


__all__ = ["DefinitionReport", "ParseReport", "internal_error_report", "parse_diagnostics"]
