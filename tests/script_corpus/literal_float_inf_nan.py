from tvm_tirx.script import tirx as T


@T.function
def special_floats(Out: T.Tensor((3,), T.float32)):
    Out[0] = T.float32("inf")
    Out[1] = T.float32("-inf")
    Out[2] = T.float32("nan")
