from tvm_tirx.script import tirx as T


@T.function
def string_shape(A: T.Tensor(("n",), T.float32)):
    A[0] = 1.0
