from tvm_tirx.script import tirx as T


@T.function
def round_to_int(X: T.Tensor((64,), T.float32), Q: T.Tensor((64,), T.int32)):
    for i in range(64):
        Q[i] = T.Cast(T.int32, T.round(X[i]))
