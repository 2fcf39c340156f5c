from tvm_tirx.script import tirx as T


@T.function
def special_float_constants(Out: T.Tensor((6,), T.float32)):
    Out[0] = T.float32("inf")
    Out[1] = T.float32("-inf")
    Out[2] = 1e-30
    Out[3] = 3.4e38
    Out[4] = 0.1
    Out[5] = -2.5
