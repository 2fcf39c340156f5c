from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def view_as_matrix(A: T.Tensor((1024,), T.float32)):
    M = T.decl_tensor(A, ty_args=[T.Tensor((32, 32), T.float32)])
    for i in range(32):
        M[i, i] = T.float32(1)
