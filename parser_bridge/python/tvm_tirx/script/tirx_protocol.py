"""The reference's builder protocol as ``T`` members a script may call: ``T.emit``,
``T.func_ret``, ``T.add_to_parent``, ``T.frame_scope`` and the ``with`` hook that opens what
they give, and ``T.supports_mutable_declarations``.

They map onto our builder (tirx_builder.py): the reference's ``emit_`` and ``func_ret_type_``
are its parser's hooks under public names, so ours are the same operations with the reference's
results (``T.func_ret`` returns the type it set; a statement ``T.evaluate`` added is a receipt,
builder.AlreadyEmitted).
"""

from __future__ import annotations

import contextlib
from typing import Any, List, Optional, Sequence, Tuple

from tvm_ffi import get_global_func

from .. import ir as _ir
from ..stmt import Stmt
from .builder import AlreadyEmitted, Frame, Loc, ScopeSpec, span_of
from .tirx_builder import LoopSpec, PendingTensor, bind_, emit_, evaluate, for_, func_ret_
from .tirx_threads import LaunchThreadSpec

_add_to_frame = get_global_func("tirx.builder.Emit")

supports_mutable_declarations = True
"""The reference's flag for its parser: this builder declares mutable scalars (a typed local
``x: T.int32 = 0``, ``T.local_scalar``, ...), so later assignments store into them."""


def func_ret(annotation: Any, *, loc: Optional[Loc] = None) -> Any:
    """``r = T.func_ret(T.int32)`` in a function's body: its return type, as a header's
    ``-> T.int32`` gives it, and returned. An expression gives its type, None none, a callable
    (a deferred annotation) what it returns. A function has one return type: a second is a
    ValueError. As a bare statement the returned type is not a statement (a TypeError, as in
    the reference)."""
    if callable(annotation) and not isinstance(annotation, (_ir.Expr, _ir.Type)):
        annotation = annotation()
    if isinstance(annotation, _ir.Expr):
        annotation = annotation.ty
    if annotation is not None and not isinstance(annotation, _ir.Type):
        raise TypeError(f"`T.func_ret` takes a type such as `T.int32`, got "
                        f"`{type(annotation).__name__}`")
    func_ret_(annotation)
    return annotation


def emit(value: Any, *, loc: Optional[Loc] = None) -> None:
    """``T.emit(value)``: what an expression statement of ``value`` adds, as the reference's
    builder emits it: a statement once (a receipt of ``T.evaluate`` nothing more), an
    expression or a number as ``T.evaluate(value)`` (zero adds nothing), each item of a list or
    tuple in order; None and strings add nothing."""
    if value is None or isinstance(value, str):
        return
    if isinstance(value, (bool, int, float, _ir.Expr)):
        evaluate(value)  # drops a zero, as the reference's
        return
    if isinstance(value, (list, tuple)):
        for item in value:
            emit(item, loc=loc)
        return
    emit_(value, loc=loc)


def add_to_parent(stmt: Any) -> None:
    """``T.add_to_parent(stmt)``: adds the statement to the enclosing frame, even one already
    added (a receipt of ``T.evaluate`` is added a second time, as in the reference)."""
    if isinstance(stmt, AlreadyEmitted):
        stmt = stmt.value
    if not isinstance(stmt, Stmt):
        raise TypeError(f"`T.add_to_parent` takes a statement, got `{type(stmt).__name__}`")
    _add_to_frame(stmt, span_of(None))


def _scope_frame(item: Any, name: Optional[str], loc: Optional[Loc]) -> Frame:
    """The builder frame one item of ``T.frame_scope`` opens: a loop spec names its loops
    ``name`` (``name_0``, ``name_1``, ... for several; ``v`` unnamed, as the reference)."""
    if isinstance(item, LoopSpec):
        base = name or "v"
        count = len(item.ends)
        names = (base,) if count == 1 else tuple(f"{base}_{k}" for k in range(count))
        return for_(item, names=names, loc=loc)
    if isinstance(item, LaunchThreadSpec):
        return item.frame(name, loc)
    if isinstance(item, Frame):
        return item
    raise TypeError(f"`T.frame_scope` opens builder scopes (loops, `T.attr(...)`, thread "
                    f"launches), got `{type(item).__name__}`")


class FrameScope:
    """What ``T.frame_scope(frames)`` gives: ``with`` opens each frame in order, innermost last,
    and gives what each gives (one value for one frame, a tuple for several)."""

    def __init__(self, frames: Sequence[Any]) -> None:
        self.frames = list(frames)
        self._names: Tuple[Optional[str], ...] = (None,) * len(self.frames)
        self._loc: Optional[Loc] = None
        self._stack: Optional[contextlib.ExitStack] = None

    def named(self, names: Sequence[Optional[str]], loc: Optional[Loc]) -> "FrameScope":
        """The ``with ... as (a, b)`` names, one per frame (the with hook gives them)."""
        self._names, self._loc = tuple(names), loc
        return self

    def __enter__(self) -> Any:
        stack = contextlib.ExitStack()
        stack.__enter__()
        self._stack = stack
        try:
            values: List[Any] = [
                stack.enter_context(_scope_frame(item, name, self._loc))
                for item, name in zip(self.frames, self._names)]
        except BaseException as error:
            # The frames already entered are abandoned, not finalized: nothing half-built is
            # added to the enclosing frame.
            self._stack = None
            stack.__exit__(type(error), error, error.__traceback__)
            raise
        return tuple(values) if len(values) > 1 else values[0]

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> Any:
        stack, self._stack = self._stack, None
        return stack.__exit__(exc_type, exc, tb) if stack is not None else None


def frame_scope(frames: Any) -> FrameScope:
    """``with T.frame_scope([T.serial(4), T.serial(2)]) as (i, j):``: enters several builder
    frames in one ``with``, in order (a single frame may be given alone); the ``as`` names name
    the loops. At least one frame."""
    items = list(frames) if isinstance(frames, (list, tuple)) else [frames]
    if not items:
        raise ValueError("`T.frame_scope` takes at least one frame")
    return FrameScope(items)


def with_(frame: Any, *, loc: Optional[Loc] = None, name: Optional[str] = None,
          names: Optional[Tuple[str, ...]] = None, name_loc: Optional[Loc] = None) -> Any:
    """``with scope:``: the scope must be a builder frame (``T.attr(...)``) or a
    ``T.frame_scope``; ``name`` is the ``as`` name, which a thread launch gives its variable,
    and ``names`` the ``as (a, b)`` names, which a frame scope gives its frames."""
    if isinstance(frame, FrameScope):
        count = len(frame.frames)
        given: Tuple[Optional[str], ...] = (None,) * count
        if names is not None and len(names) == count:
            given = tuple(names)
        elif name is not None and count == 1:
            given = (name,)
        return frame.named(given, loc)
    if isinstance(frame, LaunchThreadSpec):
        return frame.frame(name, loc, name_loc)
    if isinstance(frame, ScopeSpec):
        if name is not None or names is not None:
            raise TypeError(f"`with {frame!r}` gives no value to name with `as`")
        return frame.frame(loc)
    if isinstance(frame, PendingTensor) and frame.what == "decl_buffer":
        # Apache TVM's `with T.decl_buffer(...) as X:` scopes the tensor over the body; ours
        # declares it in the enclosing block, as `X = T.decl_buffer(...)` does, which is the
        # same IR (the declaration's scope is the rest of its block).
        if name is None:
            raise TypeError("`with T.decl_buffer(...)` names its tensor: write "
                            "`with T.decl_buffer(...) as X:` or `X = T.decl_buffer(...)`")
        return contextlib.nullcontext(bind_(frame, name, loc=loc, name_loc=name_loc))
    if not isinstance(frame, Frame):
        raise TypeError(f"`with` in TVMScript opens a builder scope such as `T.attr(...)`, got "
                        f"`{type(frame).__name__}`")
    return frame


__all__ = ["FrameScope", "add_to_parent", "emit", "frame_scope", "func_ret",
           "supports_mutable_declarations", "with_"]
