from tvm_tirx.script import tirx as T


@T.function
def fill_zeros(A: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        A[i] = 0.0
