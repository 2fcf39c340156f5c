from tvm_tirx.script import tirx as T


@T.function
def matmul[m, n, k](A: T.Tensor((m, k), T.float32), B: T.Tensor((k, n), T.float32), C: T.Tensor((m, n), T.float32)):
    for i, j in T.grid(m, n):
        C[i, j] = 0.0
        for p in range(k):
            C[i, j] = C[i, j] + A[i, p] * B[p, j]
