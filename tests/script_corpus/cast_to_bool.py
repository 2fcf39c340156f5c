from tvm_tirx.script import tirx as T


@T.function
def nonzero_flags(X: T.Tensor((64,), T.int32), Flags: T.Tensor((64,), T.bool)):
    for i in range(64):
        Flags[i] = T.Cast(T.bool, X[i])
