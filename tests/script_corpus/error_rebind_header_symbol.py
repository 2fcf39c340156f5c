from tvm_tirx.script import tirx as T


@T.function
def fill_prefix[n](A: T.Tensor((n,), T.int32)):
    n = 4
    for i in range(n):
        A[i] = 0
