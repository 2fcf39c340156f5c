"""``tvm_tirx.script.ir_builder``: the shared construction API from Python, and dialect builders.

``IRBuilder`` and ``Frame`` (builder.py), the symbol constructor ``dynamic``, the host-control
marker ``constexpr`` and ``resolve_global_info_args``. A dialect registered with
``tvm_tirx.script.register_dialect`` is ``tvm_tirx.script.ir_builder.<name>``: its builder
module, imported on first access.
"""

from __future__ import annotations

from typing import Any

from . import dialects as _dialects
from .builder import Frame, IRBuilder
from .global_info import resolve_global_info_args
from .tirx_builder import constexpr, dynamic


def __getattr__(name: str) -> Any:
    """``tvm_tirx.script.ir_builder.<dialect>``: the registered dialect's builder module."""
    module = _dialects.dialect_module(name, builder=True)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return module


__all__ = ["Frame", "IRBuilder", "constexpr", "dynamic", "resolve_global_info_args"]
