from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def symbol_and_loop(Data: T.Tensor((n, 4), T.float32)):
    for r in range(n):
        for c in range(4):
            Data[r, c] = 0.0
