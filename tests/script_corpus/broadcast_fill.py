from tvm_tirx.script import tirx as T


@T.function
def fill_vectors(Out: T.Tensor((256,), T.float32x4), value: T.float32):
    for i in range(256):
        Out[i] = T.Broadcast(value, 4)
