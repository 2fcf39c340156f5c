from tvm_tirx.script import tirx as T


@T.function
def zero_offset() -> T.int64:
    return 0
