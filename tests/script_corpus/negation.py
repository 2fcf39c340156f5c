from tvm_tirx.script import tirx as T


@T.function
def negate(A: T.Tensor((256,), T.float32), B: T.Tensor((256,), T.float32)):
    for i in range(256):
        B[i] = -A[i]
