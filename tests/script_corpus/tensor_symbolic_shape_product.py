from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def pairwise_sum(Interleaved: T.Tensor((n * 2,), T.float32), Sums: T.Tensor((n,), T.float32)):
    for i in range(n):
        Sums[i] = Interleaved[i * 2] + Interleaved[i * 2 + 1]
