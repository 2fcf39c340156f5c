from tvm_tirx.script import tirx as T


@T.prim_func
def transpose_staged(a: T.handle, B: T.Buffer((32, 16), "float32", layout=T.TileLayout(T.S[(32, 16):(1, 32)]))):
    A = T.match_buffer(a, (16, 32), "float32", layout=T.TileLayout(T.S[16, 32]))
    stage = T.alloc_buffer((16, 32), "float32", scope="shared",
                           layout=T.ComposeLayout(2, 2, 3, T.TileLayout(T.S[16, 32])))
    for i, j in T.grid(16, 32):
        stage[i, j] = A[i, j]
        B[j, i] = stage[i, j]
