from tvm_tirx.script import tirx as T


@T.function
def answer() -> T.int32:
    return 42
