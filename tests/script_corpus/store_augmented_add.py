from tvm_tirx.script import tirx as T


@T.function
def accumulate_rows(M: T.Tensor((16, 64), T.float32), Acc: T.Tensor((64,), T.float32)):
    for r, c in T.grid(16, 64):
        Acc[c] += M[r, c]
