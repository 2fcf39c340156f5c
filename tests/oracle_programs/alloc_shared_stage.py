from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def stage_shared(A: T.Tensor((256,), T.float32), B: T.Tensor((256,), T.float32)):
    tile = T.alloc_shared((256,), "float32")
    for i in range(256):
        tile[i] = A[i]
    for i in range(256):
        B[i] = tile[255 - i]
