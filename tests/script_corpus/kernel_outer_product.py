from tvm_tirx.script import tirx as T


@T.function
def outer_product(U: T.Tensor((48,), T.float32), V: T.Tensor((64,), T.float32), Outer: T.Tensor((48, 64), T.float32)):
    for i, j in T.grid(48, 64):
        Outer[i, j] = U[i] * V[j]
