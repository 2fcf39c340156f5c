from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def opaque_arg(h: T.handle, n: T.int32, A: T.Tensor((16,), T.int32)):
    A[0] = n
