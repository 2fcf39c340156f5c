from tvm_tirx.script import tirx as T


@T.function
def squared_l2_norm(Vectors: T.Tensor((16, 128), T.float32), NormSq: T.Tensor((16,), T.float32)):
    for v in range(16):
        NormSq[v] = 0.0
        for d in range(128):
            NormSq[v] = NormSq[v] + Vectors[v, d] * Vectors[v, d]
