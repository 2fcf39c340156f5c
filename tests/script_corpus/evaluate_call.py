from tvm_tirx.script import tirx as T


@T.function
def touch_intrinsics(x: T.float32):
    T.exp(x)
    T.evaluate(T.sqrt(x))
