from tvm_tirx.script import tirx as T


@T.prim_func
def widen_offsets(Out: T.Buffer((32,), "int64"), base: T.int32):
    for i in T.serial(32):
        offset: T.let = base + i
        Out[i] = T.cast(offset, "int64") * T.int64(8)
