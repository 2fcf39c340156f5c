from tvm_tirx.script import tirx as T


@T.function
def gate_mask(A: T.Tensor((64,), T.bool), B: T.Tensor((64,), T.bool), C: T.Tensor((64,), T.bool), Out: T.Tensor((2, 64), T.bool)):
    for i in range(64):
        Out[0, i] = A[i] and (B[i] or C[i])
        Out[1, i] = A[i] and B[i] or C[i]
