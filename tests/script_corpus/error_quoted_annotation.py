from tvm_tirx.script import tirx as T


@T.function
def quoted_param(A: T.Tensor((16,), T.float32), n: "T.int32"):
    A[0] = 1.0
