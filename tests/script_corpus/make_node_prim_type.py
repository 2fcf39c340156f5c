from tvm_tirx.script import tirx as T


@T.function
def narrow_count(Counts: T.Tensor((4,), T.int32)):
    wide: T.let[T.make_node("ir.PrimType", dtype="int64")] = T.int64(7)
    Counts[0] = T.Cast("int32", wide)
