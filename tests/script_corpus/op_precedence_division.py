from tvm_tirx.script import tirx as T


@T.function
def nested_quotients(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32), C: T.Tensor((64,), T.float32), Out: T.Tensor((3, 64), T.float32)):
    for i in range(64):
        Out[0, i] = A[i] / (B[i] * C[i])
        Out[1, i] = A[i] / B[i] * C[i]
        Out[2, i] = A[i] * (B[i] + C[i])
