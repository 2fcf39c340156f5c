"""The builder program's runtime: what generated code calls besides the namespace's hooks.

A tolerant builder program (transpile.TranspileOptions) guards every statement: a failing one
calls ``fail``, which records the error in the innermost active ``FailureSink`` and returns
the poison value, bound to every name the statement would have bound. Operations on the poison
give the poison, and a statement that fails with a poisoned operand is not reported, so one
mistake gives one diagnostic. Untrusted source never runs as a builder program: the
evaluator (evaluator.py) interprets it.
"""

from __future__ import annotations

import contextlib
import sys
from types import FrameType
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Tuple

from ..findings import Failure, innermost_sink, let_stops_through
from ..recorded import NotAnalysedYet
from .locations import error_location

Loc = Tuple[int, int, int, int]


class Cancelled(BaseException):
    """The analysis was cancelled (a newer document version, a stop request); never caught by
    statement guards."""


class Poison:
    """The value of a name whose binding failed. Every operation on it gives it back; it is
    never an IR value, so a hook that receives it fails, and that failure is not reported."""

    _instance: Optional["Poison"] = None

    def __new__(cls) -> "Poison":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "<poisoned value>"

    def _absorb(self, *args: Any, **kwargs: Any) -> "Poison":
        return self

    __call__ = __getitem__ = __getattr__ = _absorb
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _absorb
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = _absorb
    __mod__ = __rmod__ = __pow__ = __rpow__ = __matmul__ = __rmatmul__ = _absorb
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = _absorb
    __lshift__ = __rlshift__ = __rshift__ = __rrshift__ = _absorb
    __neg__ = __pos__ = __invert__ = __abs__ = _absorb
    __lt__ = __le__ = __gt__ = __ge__ = _absorb

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __bool__(self) -> bool:
        return False


POISON = Poison()

MAX_POWER_BITS = 1 << 16
"""The widest Python integer an untrusted ``a ** b`` computes (evaluator_values.py)."""


def record_failure(error: BaseException, loc: Loc) -> None:
    """Records a failure outside statement guards (a module member that did not build) in the
    innermost sink; re-raises when none is active or the error must not be swallowed."""
    let_stops_through(error)
    sink = innermost_sink()
    if sink is None:
        raise error
    known = error_location(error)
    sink.failures.append(Failure(error, tuple(known[1:]) if known else loc))


class BuilderRuntime:
    """One definition's runtime (exec globals ``__tvm_rt``). ``locate(error, fallback)`` gives
    an error its source range from the traceback through the definition's generated code."""

    catch = Exception
    poison = POISON
    """What a statement the transpiler rejected binds (transpile.py, tolerant mode)."""

    def __init__(self, locate: Callable[[BaseException, Loc], Loc]) -> None:
        self._locate = locate
        self.values: dict = {}
        """Position index -> the last value computed there (``at_``)."""
        self.positions: Optional[Sequence[Tuple[Loc, str]]] = None
        """The program's positions (range, what), when it records them."""

    def at_(self, value: Any, index: int) -> Any:
        self.values[index] = value
        return value

    def fail(self, error: BaseException, loc: Loc, reads: Sequence[str], header: Loc = (0, 0, 0, 0),
             first: int = 0, stop: int = 0) -> Poison:
        """A guarded statement failed: record it unless an operand was poisoned. The names of
        its header that the failure left unevaluated (``A`` and ``i`` of ``A[i] = A[i] // 0.5``,
        whose value fails first) are recorded with their current binding in the failing frame,
        so references and rename still find them (position indices ``first`` to ``stop``)."""
        return self.failed_in(sys._getframe(1), error, loc, reads, header, first, stop)

    def failed_in(self, frame: FrameType, error: BaseException, loc: Loc, reads: Sequence[str],
                  header: Loc = (0, 0, 0, 0), first: int = 0, stop: int = 0) -> Poison:
        """``fail`` of a statement of generated code running in ``frame``, whose locals tell
        whether an operand it ``reads`` was poisoned."""
        let_stops_through(error)
        sink = innermost_sink()
        if sink is None:
            raise error
        try:
            values = frame.f_locals
            poisoned = any(values.get(name) is POISON for name in reads)
            if not poisoned and stop > first and self.positions is not None:
                self._record_unreached(values, set(reads), header, first, stop)
        finally:
            del frame
        if not poisoned:
            sink.failures.append(Failure(error, self._locate(error, loc)))
        return POISON

    def _record_unreached(self, bindings: Mapping[str, Any], reads: set, header: Loc,
                          first: int, stop: int) -> None:
        """Plain name lookups only: nothing of the source runs here."""
        for index in range(first, min(stop, len(self.positions))):
            where, what = self.positions[index]
            if index in self.values or what not in reads or not _within(where, header):
                continue
            value = bindings.get(what, POISON)
            if value is not POISON:
                self.values[index] = value

    def enter_(self, frame: Any, loc: Loc, reads: Sequence[str]) -> "FrameGuard":
        """Enters a compound statement's frame (its failure is the enclosing ``try``'s)."""
        enter = getattr(type(frame), "__enter__", None)
        if enter is None or not hasattr(type(frame), "__exit__"):
            raise TypeError(f"'{type(frame).__name__}' object does not support the context "
                            "manager protocol")
        guard = FrameGuard(self, frame, loc, reads)
        guard.value = enter(frame)
        guard.entered = True
        return guard

    def skip_(self, poison: Poison, loc: Loc, error: Optional[BaseException] = None,
              is_with: bool = False) -> "FrameGuard":
        """The guard of a compound statement whose frame could not be entered. A ``with``
        whose frame is a member not analysed yet (recorded.py) still has its body analysed,
        in the enclosing frame, with its ``as`` target poisoned (issue 23: the rest of the
        definition is analysed); what the statement binds is poisoned after it all the same."""
        if is_with and isinstance(error, NotAnalysedYet):
            guard = FrameGuard(self, contextlib.nullcontext(POISON), loc, ())
            guard.value, guard.entered = POISON, True
        else:
            guard = FrameGuard(self, None, loc, ())
        guard.failed, guard.poison = True, poison
        return guard


class FrameGuard:
    """A guarded compound statement's frame (transpile.py, ``guarded_frame``): the generated
    ``with`` exits it, and a failure there, or one that escaped the body's own guards, is
    recorded as ``fail`` records it and sets ``failed``, so that what the statement binds is
    poisoned. One Python block per statement instead of a ``try`` around the ``with``: Python
    allows 20 nested blocks in a function, and a deeply nested print must read back."""

    def __init__(self, runtime: BuilderRuntime, frame: Any, loc: Loc,
                 reads: Sequence[str]) -> None:
        self.runtime, self.frame, self.loc, self.reads = runtime, frame, loc, reads
        self.entered = False
        self.value: Any = None
        """What the frame's ``__enter__`` gave (the ``as`` target's value)."""
        self.failed = False
        self.poison: Any = None

    def __enter__(self) -> "FrameGuard":
        return self

    def __exit__(self, kind: Any, error: Optional[BaseException], trace: Any) -> bool:
        if not self.entered:
            return False
        try:
            if type(self.frame).__exit__(self.frame, kind, error, trace):
                return True
        except Exception as exit_error:  # noqa: BLE001 - recorded below, or re-raised there
            error = exit_error
        if error is None or not isinstance(error, self.runtime.catch):
            return False
        frame = sys._getframe(1)
        try:
            self.poison = self.runtime.failed_in(frame, error, self.loc, self.reads)
        finally:
            del frame
        self.failed = True
        return True


def _within(inner: Loc, outer: Loc) -> bool:
    return outer[:2] <= inner[:2] and inner[2:] <= outer[2:]


__all__ = ["BuilderRuntime", "Cancelled", "FrameGuard", "POISON", "Poison", "record_failure"]
