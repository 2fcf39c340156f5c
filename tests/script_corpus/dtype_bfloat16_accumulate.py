from tvm_tirx.script import tirx as T


@T.function
def bf16_row_sum(X: T.Tensor((8, 256), T.bfloat16), Sum: T.Tensor((8,), T.float32)):
    for r in range(8):
        Sum[r] = 0.0
        for c in range(256):
            Sum[r] = Sum[r] + T.Cast(T.float32, X[r, c])
