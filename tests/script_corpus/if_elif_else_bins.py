from tvm_tirx.script import tirx as T


@T.function
def quantize_levels(X: T.Tensor((512,), T.float32), Level: T.Tensor((512,), T.int32)):
    for i in range(512):
        if X[i] < -1.0:
            Level[i] = 0
        elif X[i] < 0.0:
            Level[i] = 1
        elif X[i] < 1.0:
            Level[i] = 2
        else:
            Level[i] = 3
