from tvm_tirx.script import tirx as T


@T.prim_func
def softplus(X: T.Buffer((32,), "float32"), Y: T.Buffer((32,), "float32")):
    for i in range(32):
        Y[i] = T.log(T.float32(1) + T.exp(X[i])) + T.sqrt(T.fabs(X[i])) * T.float32(0.25)
