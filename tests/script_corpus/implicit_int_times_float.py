from tvm_tirx.script import tirx as T


@T.function
def scale_by_count(A: T.Tensor((16,), T.float32), count: T.int32):
    for i in range(16):
        A[i] = A[i] * count
