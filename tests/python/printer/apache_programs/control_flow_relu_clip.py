from tvm_tirx.script import tirx as T


@T.prim_func
def relu_clip(X: T.Buffer((256,), "float32"), Y: T.Buffer((256,), "float32"), limit: T.float32):
    for i in range(256):
        if X[i] < T.float32(0):
            Y[i] = T.float32(0)
        elif X[i] > limit:
            Y[i] = limit
        else:
            Y[i] = X[i]
