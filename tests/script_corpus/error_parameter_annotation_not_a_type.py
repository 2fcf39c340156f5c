from tvm_tirx.script import tirx as T


@T.function
def scale(A: T.Tensor((16,), T.float32), factor: 2):
    A[0] = A[0] * 2.0
