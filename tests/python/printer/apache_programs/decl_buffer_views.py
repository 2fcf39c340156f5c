from tvm_tirx.script import tirx as T


@T.prim_func
def reinterpret_rows(Flat: T.Buffer((64,), "float32"), Out: T.Buffer((8,), "float32")):
    Rows = T.decl_buffer((8, 8), "float32", data=Flat.data)
    Local = T.alloc_buffer((8,), "float32", scope="local")
    for r in range(8):
        Local[r] = Rows[r, 0] + Rows[r, 7]
        Out[r] = Local[r]
