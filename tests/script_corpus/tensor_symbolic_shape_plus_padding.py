from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def strip_padding(Padded: T.Tensor((n + 2,), T.int32), Body: T.Tensor((n,), T.int32)):
    for i in range(n):
        Body[i] = Padded[i + 1]
