from tvm_tirx.script import tirx as T


@T.function
def flip_sign(A: T.Tensor((4,), T.uint32), u: T.uint32):
    A[0] = -u
