from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def fill_unsigned_index(A: T.Tensor((4096,), T.float32)):
    for i in T.serial(4096, dtype="uint32"):
        A[i] = T.float32(0)
