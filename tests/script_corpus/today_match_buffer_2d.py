from tvm_tirx.script import tirx as T


@T.prim_func
def transpose_handles(a: T.handle, b: T.handle):
    A = T.match_buffer(a, (32, 64), "float32")
    B = T.match_buffer(b, (64, 32), "float32")
    for i, j in T.grid(32, 64):
        B[j, i] = A[i, j]
