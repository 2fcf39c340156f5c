from tvm_tirx.script import tirx as T


@T.function
def lerp(a: T.float32, b: T.float32, t: T.float32) -> T.float32:
    return a + (b - a) * t
