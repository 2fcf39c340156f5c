from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def split_signed(A: T.Tensor((64,), T.int32), q: T.Tensor((64,), T.int32), r: T.Tensor((64,), T.int32)):
    for i in range(64):
        q[i] = T.truncdiv(A[i], 7)
        r[i] = T.truncmod(A[i], 7)
