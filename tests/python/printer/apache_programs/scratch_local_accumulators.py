from tvm_tirx.script import tirx as T


@T.prim_func
def row_max_sum(M: T.Buffer((16, 64), "float32"), Max: T.Buffer((16,), "float32"), Sum: T.Buffer((16,), "float32")):
    best = T.alloc_buffer((1,), "float32", scope="local")
    total = T.alloc_buffer((1,), "float32", scope="local")
    for r in range(16):
        best[0] = T.float32(-1e30)
        total[0] = T.float32(0)
        for c in range(64):
            best[0] = T.max(best[0], M[r, c])
            total[0] = total[0] + M[r, c]
        Max[r] = best[0]
        Sum[r] = total[0]
