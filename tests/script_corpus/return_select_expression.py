from tvm_tirx.script import tirx as T


@T.function
def clamp_scalar(value: T.float32, lo: T.float32, hi: T.float32) -> T.float32:
    return T.Select(value < lo, lo, T.Select(value > hi, hi, value))
