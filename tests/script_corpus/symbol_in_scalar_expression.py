from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def mean_of(Data: T.Tensor((n,), T.float32), Mean: T.Tensor((1,), T.float32)):
    Mean[0] = 0.0
    for i in range(n):
        Mean[0] = Mean[0] + Data[i]
    Mean[0] = Mean[0] / T.Cast(T.float32, n)
