from tvm_tirx.script import tirx as T


@T.prim_func
def clamp_specials(X: T.Buffer((16,), "float32"), Y: T.Buffer((16,), "float64")):
    for i in range(16):
        X[i] = T.max(X[i], T.float32("-inf"))
        Y[i] = T.Cast("float64", X[i]) * T.float64(1e-300) + T.float64(3.25)
