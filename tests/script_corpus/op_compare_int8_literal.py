from tvm_tirx.script import tirx as T


@T.function
def positive_bytes(X: T.Tensor((64,), T.int8), Pos: T.Tensor((64,), T.bool)):
    for i in range(64):
        Pos[i] = X[i] > T.int8(0)
