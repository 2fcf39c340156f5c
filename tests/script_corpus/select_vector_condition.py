from tvm_tirx.script import tirx as T


@T.function
def lane_select(A: T.Tensor((64,), T.float32x4), B: T.Tensor((64,), T.float32x4), C: T.Tensor((64,), T.float32x4)):
    for i in range(64):
        C[i] = T.Select(A[i] < B[i], A[i], B[i])
