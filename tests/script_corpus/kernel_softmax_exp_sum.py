from tvm_tirx.script import tirx as T


@T.function
def softmax_denominator(Logits: T.Tensor((16, 128), T.float32), RowMax: T.Tensor((16,), T.float32), Denom: T.Tensor((16,), T.float32)):
    for r in range(16):
        Denom[r] = 0.0
        for c in range(128):
            Denom[r] = Denom[r] + T.exp(Logits[r, c] - RowMax[r])
