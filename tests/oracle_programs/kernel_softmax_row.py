from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def softmax_row(X: T.Tensor((128,), T.float32), Y: T.Tensor((128,), T.float32)):
    peak: T.float32 = X[0]
    for i in range(1, 128):
        peak = T.max(peak, X[i])
    denom: T.float32 = T.float32(0)
    for i in range(128):
        Y[i] = T.exp(X[i] - peak)
        denom = denom + Y[i]
    for i in range(128):
        Y[i] = Y[i] / denom
