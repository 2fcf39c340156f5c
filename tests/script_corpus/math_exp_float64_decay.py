from tvm_tirx.script import tirx as T


@T.function
def exponential_decay(Time: T.Tensor((128,), T.float64), Rate: T.Tensor((1,), T.float64), Level: T.Tensor((128,), T.float64)):
    for i in range(128):
        Level[i] = T.exp(-Rate[0] * Time[i])
