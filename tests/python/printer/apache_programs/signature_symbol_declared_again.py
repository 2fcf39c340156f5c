from tvm_tirx.script import tirx as T


@T.prim_func
def shift(a: T.handle, b: T.handle):
    width = T.int32()
    A = T.match_buffer(a, (4, width))
    B = T.match_buffer(b, (4, width))
    for i, j in T.grid(4, width):
        B[i, j] = A[i, j] * T.float32(2)
