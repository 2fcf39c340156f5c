from tvm_tirx.script import tirx as T


@T.function
def fill_vector(Out: T.Tensor((64,), T.float32x4), value: T.float32):
    for i in range(64):
        Out[i] = T.Broadcast(value, 4)
