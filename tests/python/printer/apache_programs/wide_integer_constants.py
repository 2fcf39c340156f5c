from tvm_tirx.script import tirx as T


@T.prim_func
def offsets64(Out: T.Buffer((8,), "int64"), Flags: T.Buffer((8,), "uint8"), base: T.int64):
    for i in range(8):
        Out[i] = base * T.int64(4096) + T.Cast("int64", i)
        Flags[i] = T.uint8(255) - T.Cast("uint8", i)
