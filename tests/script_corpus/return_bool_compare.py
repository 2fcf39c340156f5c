from tvm_tirx.script import tirx as T


@T.function
def in_range(value: T.int32, lo: T.int32, hi: T.int32) -> T.bool:
    return lo <= value and value < hi
