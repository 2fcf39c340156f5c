"""Where a collecting analysis records what went wrong in a definition: the failures of
statements that did not build and the warnings (findings) of statements that did.

The analysis opens a sink (``collecting_failures``); the builder records a finding in the
innermost one (``record_finding``: a float stored into integer elements) and the parser records
failures. Below the builder, so both can reach it.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from typing import Iterator, List, Optional, Tuple

Loc = Tuple[int, int, int, int]


@dataclass
class Failure:
    """A statement that failed: the error (with its source location attached) and where."""

    error: BaseException
    loc: Loc


@dataclass
class Finding:
    """A warning about a statement that built: its registered code, message and location."""

    code: str
    message: str
    loc: Loc


@dataclass
class FailureSink:
    failures: List[Failure] = field(default_factory=list)
    findings: List[Finding] = field(default_factory=list)


class _Sinks(threading.local):
    def __init__(self) -> None:
        self.stack: List[FailureSink] = []


_SINKS = _Sinks()

# Errors a guard must let through: the watchdog's time-out (injected asynchronously) stops
# the whole analysis, not one statement (Cancelled is a BaseException, never caught).
_NOT_SWALLOWED = (TimeoutError,)


def let_stops_through(error: BaseException) -> None:
    """Re-raises ``error`` when it stops the whole analysis; every handler that turns errors
    into diagnostics calls this first."""
    if isinstance(error, _NOT_SWALLOWED):
        raise error


@contextlib.contextmanager
def collecting_failures() -> Iterator[FailureSink]:
    """Statement failures inside are recorded in the sink instead of raised."""
    sink = FailureSink()
    _SINKS.stack.append(sink)
    try:
        yield sink
    finally:
        _SINKS.stack.pop()


def innermost_sink() -> Optional[FailureSink]:
    """The sink of the innermost ``collecting_failures``, or None outside any (the raising APIs
    build without diagnostics)."""
    return _SINKS.stack[-1] if _SINKS.stack else None


def record_finding(code: str, message: str, loc: Optional[Loc]) -> None:
    """A warning at ``loc`` in the innermost sink (a collecting analysis); nothing when no
    sink is active (the raising APIs build without diagnostics) or the location is unknown."""
    sink = innermost_sink()
    if sink is not None and loc is not None:
        sink.findings.append(Finding(code, message, tuple(loc)))


__all__ = ["Failure", "FailureSink", "Finding", "collecting_failures", "innermost_sink",
           "let_stops_through", "record_finding"]
