from tvm_tirx.script import tirx as T


@T.function
def else_single_if(X: T.Tensor((64,), T.int32), Y: T.Tensor((64,), T.int32)):
    for i in range(64):
        if X[i] > 10:
            Y[i] = 2
        else:
            if X[i] > 0:
                Y[i] = 1
