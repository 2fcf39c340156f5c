from tvm_tirx.script import tirx as T


@T.function
def scale(A: T.Tensor((64,), T.float32), s: T.float32, k: T.int32):
    for i in range(16):
        A[T.Ramp(i * 4, 1, 4)] = A[T.Ramp(i * 4, 1, 4)] * s + k
