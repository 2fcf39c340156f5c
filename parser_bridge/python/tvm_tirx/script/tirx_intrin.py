"""``T.call_intrin`` (issue 10, item 3): a call of a registered intrinsic by its name, with the
result type given.

The reference registers its math intrinsics and a few others under ``prim.`` (``prim.exp``,
``prim.popcount``, ``prim.likely``, ...) and the rest under ``tirx.``; ours registers every one
under ``tirx.``. So a name is taken as ours when ours has it (``"tirx.exp"``, which the reference
does not know), and ``"prim.<name>"`` is the reference's spelling of our ``tirx.<name>``: a
program written for the reference builds the same call, and both print it the same
(``T.exp(x)``). docs/frontend.md, "Calls of intrinsics by name".
"""

from __future__ import annotations

from typing import Any

import tvm_ffi

from .. import ir as _ir
from .tirx_intrinsics import intrinsic_call as _intrinsic_call

_OTHER_PREFIXES = ("prim.", "tir.")
"""The reference's prefix, and older Apache TVM releases' (``tir.exp``), of our ``tirx.``."""
_list_op_names = tvm_ffi.get_global_func("ir.ListOpNames")


def _registered_names() -> frozenset:
    return frozenset(str(name) for name in _list_op_names())


def _our_op_name(func_name: Any) -> str:
    """Our ``tirx.<name>`` for ``func_name`` (an Op, our name, or the reference's ``prim.``
    name); ValueError when neither names a registered intrinsic."""
    if isinstance(func_name, _ir.Op):
        return func_name.name
    if not isinstance(func_name, str):
        raise TypeError(f"`T.call_intrin` takes the intrinsic's name as a str (such as "
                        f"\"tirx.exp\"), got `{type(func_name).__name__}`")
    candidates = [func_name]
    for prefix in _OTHER_PREFIXES:
        if func_name.startswith(prefix):
            candidates.append("tirx." + func_name[len(prefix):])
    for name in candidates:
        if name.startswith("tirx.") and name in _registered_names():
            return name
    raise ValueError(f"`T.call_intrin`: no intrinsic is registered as {func_name!r} (ours are "
                     f"named `tirx.<name>`, such as \"tirx.exp\"; the reference's `prim.<name>` "
                     f"is read as ours)")


def call_intrin(func_name: Any, *args: Any, ty: Any, attrs: Any = None, loc: Any = None) -> Any:
    """``T.call_intrin("tirx.exp", x, ty=T.float32)``: a call of the registered intrinsic
    ``func_name`` (ours ``tirx.<name>``; the reference's ``prim.<name>`` means the same op) with
    the result type ``ty``; the op checks its arguments (TypeError), and the call prints as the
    intrinsic (``T.exp(x)``)."""
    name = _our_op_name(func_name)
    call = _intrinsic_call(name[len("tirx."):], args, ty)
    if attrs:
        call = _ir.Call(call.op, call.args, attrs=attrs, ty=call.ty)
    call.validate()
    return call
