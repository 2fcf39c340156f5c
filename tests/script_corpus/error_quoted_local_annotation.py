from tvm_tirx.script import tirx as T


@T.function
def quoted_local(A: T.Tensor((16,), T.float32)):
    half: "T.float32" = 0.5
    A[0] = half
