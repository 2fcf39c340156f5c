from tvm_tirx.script import tirx as T


@T.function
def l1_distance(A: T.Tensor((512,), T.float32), B: T.Tensor((512,), T.float32), Dist: T.Tensor((1,), T.float32)):
    Dist[0] = 0.0
    for i in range(512):
        Dist[0] = Dist[0] + T.fabs(A[i] - B[i])
