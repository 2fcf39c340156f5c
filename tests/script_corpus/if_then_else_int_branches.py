from tvm_tirx.script import tirx as T


@T.function
def sign_bucket(X: T.Tensor((64,), T.int32), Bucket: T.Tensor((64,), T.int32)):
    for i in range(64):
        Bucket[i] = T.if_then_else(X[i] < 0, 0, T.if_then_else(X[i] == 0, 1, 2))
