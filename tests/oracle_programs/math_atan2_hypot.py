from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def polar(x: T.Tensor((64,), T.float32), y: T.Tensor((64,), T.float32), r: T.Tensor((64,), T.float32), theta: T.Tensor((64,), T.float32)):
    for i in range(64):
        r[i] = T.hypot(x[i], y[i])
        theta[i] = T.atan2(y[i], x[i])
