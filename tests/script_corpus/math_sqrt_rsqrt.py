from tvm_tirx.script import tirx as T


@T.function
def vector_norms(V: T.Tensor((128, 3), T.float32), Length: T.Tensor((128,), T.float32), InvLength: T.Tensor((128,), T.float32)):
    for i in range(128):
        squared = V[i, 0] * V[i, 0] + V[i, 1] * V[i, 1] + V[i, 2] * V[i, 2]
        Length[i] = T.sqrt(squared)
        InvLength[i] = T.rsqrt(squared + 1e-12)
