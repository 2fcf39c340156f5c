from tvm_tirx.script import tirx as T


@T.function
def accumulate_widened(Small: T.Tensor((64,), T.int8), Mid: T.Tensor((64,), T.int32), Total: T.Tensor((64,), T.int64)):
    for i in range(64):
        Total[i] = Total[i] + Mid[i] * Small[i]
