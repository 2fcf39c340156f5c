from tvm_tirx.script import tirx as T


@T.prim_func
def quantize(X: T.Buffer((64,), "float32"), Q: T.Buffer((64,), "int8"), scale: T.float32):
    for i in range(64):
        Q[i] = T.Cast("int8", T.Select(X[i] * scale > T.float32(127), T.float32(127), X[i] * scale))
