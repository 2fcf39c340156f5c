from tvm_tirx.script import tirx as T


@T.function
def uses_global(A: T.Tensor((4,), T.int32)):
    global counter
    A[0] = 1
