from tvm_tirx.script import tirx as T


@T.function
def fill_ones_x4(Out: T.Tensor((64,), T.float32x4)):
    for i in range(64):
        Out[i] = T.Broadcast(1.0, 4)
