from tvm_tirx.script import tirx as T


m = T.int32()


@T.prim_func
def row_sums(M: T.Buffer((m, 16), "float32"), S: T.Buffer((m,), "float32")):
    for r in T.serial(m):
        S[r] = T.float32(0)
        for c in T.serial(16):
            S[r] = S[r] + M[r, c]
