from tvm_tirx.script import tirx as T


@T.function
def positive_mask(X: T.Tensor((64,), T.int32), Pos: T.Tensor((64,), T.bool)):
    for i in range(64):
        Pos[i] = 0 < X[i]
