from tvm_tirx.script import tirx as T


@T.function
def lanewise_max(A: T.Tensor((64,), T.float32x8), B: T.Tensor((64,), T.float32x8), C: T.Tensor((64,), T.float32x8)):
    for i in range(64):
        C[i] = T.max(A[i], B[i])
