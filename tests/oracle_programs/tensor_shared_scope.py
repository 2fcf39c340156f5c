from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def shared_stage(A: T.Tensor((128,), T.float32), S: T.Tensor((128,), T.float32, scope="shared")):
    for i in range(128):
        S[i] = A[i]
