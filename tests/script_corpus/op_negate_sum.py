from tvm_tirx.script import tirx as T


@T.function
def negate_sum(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32), Out: T.Tensor((64,), T.float32)):
    for i in range(64):
        Out[i] = -(A[i] + B[i])
