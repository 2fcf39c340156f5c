from tvm_tirx.script import tirx as T


@T.function
def pairwise_distance(P: T.Tensor((64, 3), T.float32), Q: T.Tensor((64, 3), T.float32), Dist: T.Tensor((64,), T.float32)):
    for i in range(64):
        Dist[i] = T.sqrt((P[i, 0] - Q[i, 0]) * (P[i, 0] - Q[i, 0]) + (P[i, 1] - Q[i, 1]) * (P[i, 1] - Q[i, 1]) + (P[i, 2] - Q[i, 2]) * (P[i, 2] - Q[i, 2]))
