from tvm_tirx.script import tirx as T


@T.function
def iota_scaled(Out: T.Tensor((100,), T.float32), step: T.float32):
    for i in range(100):
        Out[i] = T.Cast("float32", i) * step
