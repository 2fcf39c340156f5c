from tvm_tirx.script import tirx as T


@T.function
def softmax_normalize(Logits: T.Tensor((16, 128), T.float32), RowMax: T.Tensor((16,), T.float32), Denom: T.Tensor((16,), T.float32), Probs: T.Tensor((16, 128), T.float32)):
    for r, c in T.grid(16, 128):
        Probs[r, c] = T.exp(Logits[r, c] - RowMax[r]) / Denom[r]
