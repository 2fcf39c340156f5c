from tvm_tirx.script import tirx as T


@T.function
def decibels_to_power(Db: T.Tensor((64,), T.float32), Power: T.Tensor((64,), T.float32)):
    for i in range(64):
        Power[i] = T.exp10(Db[i] / T.float32(10))
