from tvm_tirx.script import tirx as T


@T.function
def vector_relu(X: T.Tensor((256,), T.float32x4), Y: T.Tensor((256,), T.float32x4)):
    for i in range(256):
        Y[i] = T.Select(X[i] > T.Broadcast(T.float32(0.0), 4), X[i], T.Broadcast(T.float32(0.0), 4))
