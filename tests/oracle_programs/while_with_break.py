from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def find_first(A: T.Tensor((256,), T.int32), key: T.int32, out: T.Tensor((1,), T.int32)):
    pos: T.int32 = 0
    while pos < 256:
        if A[pos] == key:
            break
        pos = pos + 1
    out[0] = pos
