from tvm_tirx.script import tirx as T


@T.function
def count_hits(Hit: T.Tensor((128,), T.bool), Total: T.Tensor((1,), T.int32)):
    Total[0] = 0
    for i in range(128):
        Total[0] = Total[0] + T.Cast(T.int32, Hit[i])
