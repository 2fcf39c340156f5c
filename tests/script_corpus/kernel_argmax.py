from tvm_tirx.script import tirx as T


@T.function
def argmax_rows(Logits: T.Tensor((64, 1000), T.float32), Best: T.Tensor((64,), T.int32)):
    for r in T.parallel(64):
        Best[r] = 0
        for c in range(1, 1000):
            if Logits[r, c] > Logits[r, Best[r]]:
                Best[r] = c
