from tvm_tirx.script import tirx as T


@T.prim_func
def staged_scale(X: T.Buffer((64, 64), "float16"), Y: T.Buffer((64, 64), "float16")):
    pool = T.SMEMPool()
    tile = pool.alloc((64, 64), "float16", align=128)
    scale = pool.alloc((64,), "float32")
    pool.move_base_to(16384)
    flags = pool.alloc((8,), "int32", layout=T.TileLayout(T.S[8:1]))
    pool.commit()
    for i, j in T.grid(64, 64):
        tile[i, j] = X[i, j]
    for i in range(64):
        scale[i] = T.float32(0.5)
        flags[i % 8] = i
    for i, j in T.grid(64, 64):
        Y[i, j] = T.Cast("float16", T.Cast("float32", tile[i, j]) * scale[i])
