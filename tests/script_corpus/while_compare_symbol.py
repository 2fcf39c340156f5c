from tvm_tirx.script import tirx as T


n = T.dynamic("n")


@T.function
def halve_until_small(Size: T.Tensor((1,), T.int32), Data: T.Tensor((n,), T.int32)):
    while Size[0] > n:
        Size[0] = Size[0] // 2
