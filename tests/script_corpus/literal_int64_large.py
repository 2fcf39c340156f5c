from tvm_tirx.script import tirx as T


@T.function
def int64_big_constant(Values: T.Tensor((64,), T.int64), Out: T.Tensor((64,), T.int64)):
    for i in range(64):
        Out[i] = Values[i] + T.int64(10000000000)
