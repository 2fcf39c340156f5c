from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.macro
def axpy(Y, X, a, i):
    Y[i] = a * X[i] + Y[i]


@T.macro
def axpy_pair(Y, X, a, i):
    axpy(Y, X, a, i)
    axpy(Y, X, a, i + 1)


@T.function
def saxpy_pairs(X: T.Tensor((128,), T.float32), Y: T.Tensor((128,), T.float32), a: T.float32):
    for k in range(64):
        axpy_pair(Y, X, a, k * 2)
