from tvm_tirx.script import tirx as T


@T.function
def flags(P: T.Tensor((4,), T.bool), k: T.int32):
    P[0] = 1
    P[1] = 0
    P[2] = 2
    P[3] = k
