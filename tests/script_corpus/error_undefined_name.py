from tvm_tirx.script import tirx as T


@T.function
def copy_from_missing(A: T.Tensor((16,), T.float32)):
    for i in range(16):
        A[i] = Source[i]
