from tvm_tirx.script import tirx as T


@T.function
def skip_negative(X: T.Tensor((64,), T.float32), Y: T.Tensor((64,), T.float32)):
    for i in range(64):
        if X[i] < 0.0:
            pass
        else:
            Y[i] = X[i]
