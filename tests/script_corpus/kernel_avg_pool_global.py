from tvm_tirx.script import tirx as T


@T.function
def global_avg_pool(Feature: T.Tensor((8, 64, 7, 7), T.float32), Mean: T.Tensor((8, 64), T.float32)):
    for n, c in T.grid(8, 64):
        Mean[n, c] = 0.0
        for h, w in T.grid(7, 7):
            Mean[n, c] = Mean[n, c] + Feature[n, c, h, w]
        Mean[n, c] = Mean[n, c] / 49.0
