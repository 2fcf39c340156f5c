from tvm_tirx.script import tirx as T


@T.prim_func(s_tir=True)
def widen(p_x: T.handle, p_y: T.handle):
    cols = T.int64()
    x = T.match_buffer(p_x, (T.int64(8), cols), "float16")
    y = T.match_buffer(p_y, (T.int64(8), cols), "float32")
    for i, j in T.grid(T.int64(8), cols):
        with T.sblock("widen"):
            vi, vj = T.axis.remap("SS", [i, j])
            y[vi, vj] = T.Cast("float32", x[vi, vj])
