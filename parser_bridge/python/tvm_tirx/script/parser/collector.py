"""Fewer cyclic garbage collections while an analysis runs.

An analysis allocates AST nodes, builder programs and IR wrappers by the hundred thousand, and
most of them live on (a session keeps its chunk trees and results). With CPython's default
thresholds (700, 10, 10) the collector runs every 700 allocations and re-walks the young
survivors again and again: about 40% of a cold analysis at 5,000 lines (docs/performance.md).
Raising the thresholds while an analysis runs keeps the collector, so cycles are still freed,
just in larger batches; the process's own thresholds come back when the last analysis ends.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from typing import Iterator, Optional, Tuple

ANALYSIS_THRESHOLDS = (50_000, 50, 50)
"""gc thresholds while an analysis runs (measured in docs/performance.md)."""

_lock = threading.Lock()
_depth = 0
_saved: Optional[Tuple[int, ...]] = None


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Raises the gc thresholds (never lowers one) until the outermost use ends; nested and
    concurrent analyses share one raise."""
    global _depth, _saved
    with _lock:
        if _depth == 0:
            _saved = gc.get_threshold()
            gc.set_threshold(*(max(a, b) for a, b in zip(ANALYSIS_THRESHOLDS, _saved)))
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _saved is not None:
                gc.set_threshold(*_saved)
                _saved = None


__all__ = ["ANALYSIS_THRESHOLDS", "fewer_collections"]
