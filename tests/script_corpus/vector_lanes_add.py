from tvm_tirx.script import tirx as T


@T.function
def add_one_float32x4(A: T.Tensor((128,), T.float32x4), B: T.Tensor((128,), T.float32x4)):
    for i in range(128):
        B[i] = A[i] + 1.0
