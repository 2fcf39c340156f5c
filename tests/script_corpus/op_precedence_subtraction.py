from tvm_tirx.script import tirx as T


@T.function
def nested_differences(A: T.Tensor((64,), T.int32), B: T.Tensor((64,), T.int32), C: T.Tensor((64,), T.int32), Out: T.Tensor((2, 64), T.int32)):
    for i in range(64):
        Out[0, i] = A[i] - (B[i] - C[i])
        Out[1, i] = (A[i] - B[i]) - C[i]
