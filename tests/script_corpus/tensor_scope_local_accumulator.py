from tvm_tirx.script import tirx as T


@T.function
def accumulate_local(Acc: T.Tensor((16,), T.float32, scope="local"), Partial: T.Tensor((4, 16), T.float32)):
    for j in range(16):
        for p in range(4):
            Acc[j] = Acc[j] + Partial[p, j]
