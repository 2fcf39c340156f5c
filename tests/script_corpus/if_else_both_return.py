from tvm_tirx.script import tirx as T


@T.function
def pick_larger(a: T.float32, b: T.float32) -> T.float32:
    if a > b:
        return a
    else:
        return b
