from tvm_tirx.script import tirx as T


@T.function
def fused_multiply_add(a: T.float64, b: T.float64, c: T.float64) -> T.float64:
    return a * b + c
