from tvm_tirx.script import tirx as T


@T.function
def overflow_flags(Acc: T.Tensor((16,), T.float32), Overflow: T.Tensor((16,), T.bool), Usable: T.Tensor((16,), T.bool)):
    for i in range(16):
        Overflow[i] = T.isinf(Acc[i])
        Usable[i] = T.isfinite(Acc[i])
