from tvm_tirx.script import tirx as T


@T.function
def column_sums(M: T.Tensor((256, 32), T.int32), ColSum: T.Tensor((32,), T.int32)):
    for col in range(32):
        ColSum[col] = 0
    for i, j in T.grid(256, 32):
        ColSum[j] = ColSum[j] + M[i, j]
