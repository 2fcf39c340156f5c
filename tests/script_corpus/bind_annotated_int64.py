from tvm_tirx.script import tirx as T


@T.function
def element_count(Shape: T.Tensor((3,), T.int64), Out: T.Tensor((1,), T.int64)):
    base: T.int64 = 1
    Out[0] = base * Shape[0] * Shape[1] * Shape[2]
