from tvm_tirx.script import tirx as T


@T.prim_func
def read_tensor_header(packed: T.handle, Rank: T.Buffer((1,), "int32"), Bits: T.Buffer((1,), "uint8")):
    Rank[0] = T.tvm_struct_get(packed, 0, 4, "int32")
    Bits[0] = T.tvm_struct_get(packed, 0, 6, dtype="uint8")
    T.tvm_struct_set(packed, 0, 9, T.int64(0))
