from tvm_tirx.script import tirx as T


@T.function
def sign_of(value: T.int32) -> T.int32:
    if value > 0:
        return 1
    if value < 0:
        return -1
    return 0
