from tvm_tirx.script import tirx as T


@T.function
def batch_matmul(Lhs: T.Tensor((4, 32, 64), T.float16), Rhs: T.Tensor((4, 64, 32), T.float16), Out: T.Tensor((4, 32, 32), T.float32)):
    for b, i, j in T.grid(4, 32, 32):
        Out[b, i, j] = 0.0
        for k in range(64):
            Out[b, i, j] = Out[b, i, j] + T.Cast(T.float32, Lhs[b, i, k]) * T.Cast(T.float32, Rhs[b, k, j])
