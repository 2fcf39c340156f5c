from tvm_tirx.script import tirx as T


@T.function
def column_min(M: T.Tensor((64, 32), T.float32), ColMin: T.Tensor((32,), T.float32)):
    for col in range(32):
        ColMin[col] = T.infinity(ty=T.float32)
    for i, j in T.grid(64, 32):
        ColMin[j] = T.min(ColMin[j], M[i, j])
