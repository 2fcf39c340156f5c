from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def tile_count(n: T.int32, out: T.Tensor((1,), T.int32)):
    out[0] = T.ceildiv(n, 32)
