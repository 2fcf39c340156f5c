from tvm_tirx.script import tirx as T


@T.function
def clamp_select(X: T.Tensor((512,), T.int32), Y: T.Tensor((512,), T.int32)):
    for i in range(512):
        Y[i] = T.Select(X[i] < 0, 0, T.Select(X[i] > 255, 255, X[i]))
