from tvm_tirx.script import tirx as T


@T.prim_func(s_tir=True)
def spread(p_src: T.handle, p_dst: T.handle, rows: T.int64):
    src = T.match_buffer(p_src, (T.int64(2), rows), "float32")
    dst = T.match_buffer(p_dst, (rows * T.int64(4),), "float32")
    for i in range(rows * T.int64(4)):
        with T.sblock("spread"):
            vi = T.axis.spatial(rows * T.int64(4), i)
            dst[vi] = src[T.int64(0), vi // T.int64(4)]
