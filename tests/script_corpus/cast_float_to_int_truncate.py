from tvm_tirx.script import tirx as T


@T.function
def truncate_to_int(X: T.Tensor((256,), T.float32), Q: T.Tensor((256,), T.int32)):
    for i in range(256):
        Q[i] = T.int32(X[i])
