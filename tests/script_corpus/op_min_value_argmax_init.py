from tvm_tirx.script import tirx as T


@T.function
def running_max_int(Values: T.Tensor((512,), T.int32), Best: T.Tensor((1,), T.int32)):
    Best[0] = T.min_value(ty=T.int32)
    for i in range(512):
        Best[0] = T.max(Best[0], Values[i])
