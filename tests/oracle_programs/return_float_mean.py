from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def mean3(a: T.float32, b: T.float32, c: T.float32) -> T.float32:
    return (a + b + c) / T.float32(3)
