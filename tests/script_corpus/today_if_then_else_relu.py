from tvm_tirx.script import tirx as T


@T.prim_func
def relu_buffers(X: T.Buffer((1024,), "float32"), Y: T.Buffer((1024,), "float32")):
    for i in T.serial(1024):
        Y[i] = T.if_then_else(X[i] > T.float32(0), X[i], T.float32(0))
