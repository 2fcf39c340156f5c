from tvm_tirx.script import tirx as T


@T.function
def int8_extremes(Out: T.Tensor((2,), T.int8)):
    Out[0] = T.int8(-128)
    Out[1] = T.int8(127)
