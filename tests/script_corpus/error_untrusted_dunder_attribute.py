from tvm_tirx.script import tirx as T


@T.function
def inspect_class(A: T.Tensor((1,), T.float32)):
    A[0] = A.__class__
