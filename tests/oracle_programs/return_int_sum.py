from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def clamp_sum(a: T.int32, b: T.int32) -> T.int32:
    return T.min(a + b, 1000)
