from tvm_tirx.script import tirx as T


@T.function
def widen_product(a: T.int32, b: T.int32) -> T.int64:
    return T.Cast(T.int64, a) * T.Cast(T.int64, b)
