from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def count_halvings(n: T.int32, out: T.Tensor((1,), T.int32)):
    steps: T.int32 = 0
    width: T.int32 = n
    while width > 1:
        width = width // 2
        steps = steps + 1
    out[0] = steps
