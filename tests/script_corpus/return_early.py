from tvm_tirx.script import tirx as T


@T.function
def sign_int64(x: T.int64) -> T.int64:
    if x < 0:
        return T.int64(-1)
    if x == 0:
        return T.int64(0)
    return T.int64(1)
