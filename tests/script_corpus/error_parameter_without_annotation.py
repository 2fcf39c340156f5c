from tvm_tirx.script import tirx as T


@T.function
def untyped_scale(A: T.Tensor((4,), T.float32), factor):
    A[0] = A[0] * factor
