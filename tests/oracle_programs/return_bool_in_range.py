from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def in_range(x: T.int32, lo: T.int32, hi: T.int32) -> T.bool:
    return lo <= x and x < hi
