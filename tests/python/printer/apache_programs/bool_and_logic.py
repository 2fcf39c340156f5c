from tvm_tirx.script import tirx as T


@T.prim_func
def in_window(X: T.Buffer((64,), "int32"), Mask: T.Buffer((64,), "bool"), lo: T.int32, hi: T.int32):
    for i in range(64):
        Mask[i] = X[i] >= lo and X[i] < hi or not X[i] != 0
