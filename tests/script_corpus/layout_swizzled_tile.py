from tvm_tirx.script import tirx as T


@T.function
def swizzled_stage(src: T.Tensor((128, 64), T.float16, layout=T.TileLayout(T.S[(128, 64):(64, 1)])), dst: T.Tensor((128, 64), T.float16)):
    tile = T.alloc_shared((128, 64), "float16",
                          layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[128, 64])))
    rows = T.alloc_shared((16,), "int32", layout=T.TileLayout.from_iters(shard=[T.Iter(16, 1, "m")], replica=[], offset={"m": 4}))
    plain = T.alloc_local((4,), "float16", layout="default")
    for r in range(128):
        for c in range(64):
            tile[r, c] = src[r, c]
            dst[r, c] = tile[r, c]
    for k in range(16):
        rows[k] = k
    for q in range(4):
        plain[q] = dst[0, q]
