"""The IR builder from Python: builders and frames are context managers over the C++ frames.

Generated builder programs (and direct Python callers) enter frames with ``with``; leaving a
frame normally finalizes its IR, leaving it through an exception abandons it (and everything
above it), so a failed construction leaves no open frame behind.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Generic, Iterator, List, Optional, Tuple, TypeVar

from tvm_ffi import Object, get_global_func, object_class, register_object

_builder_enter = get_global_func("ir.builder.BuilderEnter")
_builder_exit = get_global_func("ir.builder.BuilderExit")
_builder_get = get_global_func("ir.builder.BuilderGet")
_builder_current = get_global_func("ir.builder.BuilderCurrent")
_frame_enter = get_global_func("ir.builder.FrameEnter")
_frame_exit = get_global_func("ir.builder.FrameExit")
_frame_abandon = get_global_func("ir.builder.FrameAbandon")
_make_span = get_global_func("ir.builder.MakeSpan")
_UNKNOWN_SPAN = get_global_func("ir.UnknownSpan")()
_new_span = object_class("ir.Span")

Loc = Tuple[int, int, int, int]
"""A source location as the transpiler writes it: (line, column, end line, end column)."""


class _OpenFrames(threading.local):
    def __init__(self) -> None:
        self.stack: List[Tuple[Any, bool]] = []
        """The frames entered from Python on this thread, innermost last, each with whether
        it was entered bare (``enter_bare``)."""


_OPEN = _OpenFrames()


@register_object("ir.builder.Frame")
class Frame(Object):
    """A builder scope: ``with frame:`` enters it; a normal exit finalizes its IR, first
    closing the bare frames opened inside it (``enter_bare``)."""

    def __enter__(self) -> "Frame":
        _frame_enter(self)
        _OPEN.stack.append((self, False))
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        stack = _OPEN.stack
        if exc_type is None:
            while stack and stack[-1][0] is not self and stack[-1][1]:
                _frame_exit(stack.pop()[0])
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][0] is self:
                del stack[i:]
                break
        if exc_type is None:
            _frame_exit(self)
        else:
            _frame_abandon(self)


@register_object("ir.builder.ModuleFrame")
class IRModuleFrame(Frame):
    """``@I.ir_module``'s frame (the reference's ``IRModuleFrame``): ``global_vars`` (name ->
    GlobalVar, in declaration order), ``functions`` (GlobalVar -> function) and ``attrs``, so
    far; ``frame.f`` is the global variable of a declared function ``f``."""

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("_"):
            var = self.global_vars.get(name)
            if var is not None:
                return var
        raise AttributeError(f"IRModuleFrame has no attribute {name!r}")


def enter_bare(frame: Frame) -> Any:
    """Enters ``frame`` without a ``with`` (Apache TVM's ``T.launch_thread(...)`` or
    ``T.attr(...)`` as a statement): it stays open until the frame it was opened in exits,
    so it scopes the rest of the enclosing block. Returns what ``with`` would give."""
    value = frame.__enter__()
    stack = _OPEN.stack
    if stack and stack[-1][0] is frame:
        stack[-1] = (frame, True)
    return value


@register_object("ir.builder.IRBuilder")
class IRBuilder(Object):
    """``with IRBuilder() as b: ...; b.get()``: the frames built inside, as IR."""

    def __init__(self, source_name: str = "<string>") -> None:
        self.__ffi_init__(source_name)

    def __enter__(self) -> "IRBuilder":
        _builder_enter(self)
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        _builder_exit(self)

    def get(self) -> Any:
        """What the outermost frame built (RuntimeError when nothing was)."""
        return _builder_get(self)

    @staticmethod
    def current() -> "IRBuilder":
        return _builder_current()


def in_frame() -> bool:
    """Whether a builder frame is open on this thread (statements made now have a parent)."""
    return bool(_OPEN.stack)


_V = TypeVar("_V")


class AlreadyEmitted(Generic[_V]):
    """The receipt of a builder operation that added its statement itself (``T.evaluate``
    inside a function, as in the reference): ``value`` is that statement. An expression
    statement of a receipt adds nothing more; ``T.add_to_parent`` adds its statement again."""

    __slots__ = ("value",)

    def __init__(self, value: _V) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"AlreadyEmitted({self.value!r})"


INTEGER_DTYPES = frozenset(f"{kind}{bits}" for kind in ("int", "uint") for bits in (8, 16, 32, 64))
"""The scalar integer dtypes, by name: what a symbol may be (``n = T.int64()``, ``def f[n]``)."""


class NamedByBinding:
    """A value that the assignment binding it names, rather than a value bound to a new variable
    (``n = T.int32()`` declares the symbol ``n``): binding hooks call ``bind``, and module-level
    source text (parser/entry.py) calls it for ``n = T.int32()`` outside any function."""

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        raise NotImplementedError

    def statement_name(self) -> Optional[str]:
        """The name the value takes as a statement by itself (None: it needs an assignment)."""
        return None

    def unassigned_error(self) -> Exception:
        """The error of using the value as a statement, without a name."""
        return ValueError(f"`{self}` must be assigned to a name")


class ScopeSpec:
    """A scope a member describes before ``with`` opens it (``T.sblock("C")``, ``T.init()``):
    ``frame(loc)`` makes the builder frame; as a bare statement it is an error saying so."""

    def frame(self, loc: Optional[Loc]) -> Any:
        raise NotImplementedError

    def statement_error(self) -> Exception:
        return TypeError(f"`{self!r}` opens a scope: write `with {self!r}:`")


class _SpanSource(threading.local):
    name: Optional[str] = None


_SPAN_SOURCE = _SpanSource()


@contextlib.contextmanager
def source_scope(source_name: str) -> Iterator[None]:
    """Spans made inside name ``source_name`` instead of the builder's source: a macro's body
    builds IR in its caller's builder, but its locations are in the macro's own source."""
    previous = _SPAN_SOURCE.name
    _SPAN_SOURCE.name = source_name
    try:
        yield
    finally:
        _SPAN_SOURCE.name = previous


def span_of(loc: Optional[Loc]) -> Any:
    """The Span of a transpiler location in the current builder's source (or the source of the
    macro being expanded)."""
    if loc is None:
        return _UNKNOWN_SPAN
    source = _SPAN_SOURCE.name
    if source is not None:
        return _new_span(source, *loc)
    return _make_span(*loc)
