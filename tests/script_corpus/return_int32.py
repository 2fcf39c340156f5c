from tvm_tirx.script import tirx as T


@T.function
def clamp_index(i: T.int32, n: T.int32) -> T.int32:
    return T.max(0, T.min(i, n - 1))
