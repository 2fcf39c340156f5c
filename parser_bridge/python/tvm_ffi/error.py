"""Error kinds and their Python classes; C++ frames in Python tracebacks."""

from __future__ import annotations

import builtins
import sys
import types
from typing import Any, Callable, Dict, List, Optional, Tuple, Type, Union

from . import core

_ERROR_CLASSES: Dict[str, type] = {}
_CODE_CACHE: Dict[Tuple[str, int, str], types.CodeType] = {}


def register_error(
    name_or_cls: Union[str, type, None] = None, cls: Optional[type] = None
) -> Any:
    """Maps an FFI error kind to a Python exception class.

    ``@register_error`` uses the class name as the kind; ``@register_error("Kind")`` names it;
    ``register_error("Kind", cls)`` registers directly.
    """
    if isinstance(name_or_cls, type):
        return register_error(name_or_cls.__name__, name_or_cls)

    def register(klass: type) -> type:
        if not (isinstance(klass, type) and issubclass(klass, BaseException)):
            raise TypeError(f"register_error needs an exception class, got {klass!r}")
        _ERROR_CLASSES[name_or_cls or klass.__name__] = klass
        return klass

    return register(cls) if cls is not None else register


def _fake_frame(file: str, line: int, func: str) -> types.TracebackType:
    """A traceback entry that displays as ``File "file", line N, in func``."""
    key = (file, line, func)
    code = _CODE_CACHE.get(key)
    if code is None:
        code = compile("\n" * max(line - 1, 0) + "raise _tvm_ffi_marker", file, "exec")
        code = code.replace(co_name=func)
        if len(_CODE_CACHE) < 4096:
            _CODE_CACHE[key] = code
    try:
        exec(code, {"_tvm_ffi_marker": _FrameMarker()})
    except _FrameMarker:
        tb = sys.exc_info()[2]
    assert tb is not None and tb.tb_next is not None
    return tb.tb_next


class _FrameMarker(Exception):
    pass


def _cpp_frames_traceback(exc: BaseException, frames: List[Tuple[str, int, str]]) -> Any:
    """Traceback holding the FFI frames (innermost first in ``frames``), outermost at the head."""
    tb: Optional[types.TracebackType] = None
    for file, line, func in frames:
        entry = _fake_frame(file, line, func)
        tb = types.TracebackType(tb, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return tb


for _name in (
    "ValueError",
    "TypeError",
    "IndexError",
    "KeyError",
    "AttributeError",
    "RuntimeError",
    "NotImplementedError",
    "AssertionError",
    "MemoryError",
    "OverflowError",
    "ZeroDivisionError",
    "SyntaxError",
):
    _ERROR_CLASSES[_name] = getattr(builtins, _name)


class InternalError(RuntimeError):
    """A broken invariant inside the FFI libraries (a bug, not bad input)."""


_ERROR_CLASSES["InternalError"] = InternalError
core._set_error_registry(_ERROR_CLASSES, _cpp_frames_traceback)
