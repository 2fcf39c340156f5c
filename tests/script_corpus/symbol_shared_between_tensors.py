from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def elementwise_add(A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32), C: T.Tensor((n,), T.float32)):
    for i in range(n):
        C[i] = A[i] + B[i]
