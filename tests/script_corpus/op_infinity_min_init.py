from tvm_tirx.script import tirx as T


@T.function
def row_min(Scores: T.Tensor((8, 64), T.float32), RowMin: T.Tensor((8,), T.float32)):
    for r in range(8):
        RowMin[r] = T.infinity(ty="float32")
        for c in range(64):
            RowMin[r] = T.min(RowMin[r], Scores[r, c])
