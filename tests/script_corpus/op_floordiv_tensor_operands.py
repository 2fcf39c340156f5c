from tvm_tirx.script import tirx as T


@T.function
def floordiv_elementwise(A: T.Tensor((64,), T.int32), B: T.Tensor((64,), T.int32), Q: T.Tensor((64,), T.int32), R: T.Tensor((64,), T.int32)):
    for i in range(64):
        Q[i] = A[i] // B[i]
        R[i] = A[i] % B[i]
