from tvm_tirx.script import tirx as T


@T.prim_func
def reduce_rows(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16,), "float32")):
    for i, j in T.grid(16, 16):
        with T.sblock("reduce"):
            B[i] = B[i] + A[i, j]
