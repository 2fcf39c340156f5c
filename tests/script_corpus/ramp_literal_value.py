from tvm_tirx.script import tirx as T


@T.function
def lane_ids(Out: T.Tensor((16,), T.int32x4)):
    for i in range(16):
        Out[i] = T.Ramp(i * 4, 1, 4)
