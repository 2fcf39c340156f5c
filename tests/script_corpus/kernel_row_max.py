from tvm_tirx.script import tirx as T


@T.function
def row_max(Logits: T.Tensor((32, 1000), T.float32), RowMax: T.Tensor((32,), T.float32)):
    for r in range(32):
        RowMax[r] = Logits[r, 0]
        for c in range(1, 1000):
            RowMax[r] = T.max(RowMax[r], Logits[r, c])
