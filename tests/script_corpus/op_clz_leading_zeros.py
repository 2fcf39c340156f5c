from tvm_tirx.script import tirx as T


@T.function
def leading_zero_count(Words: T.Tensor((64,), T.int32), Zeros: T.Tensor((64,), T.int32)):
    for i in range(64):
        Zeros[i] = T.clz(Words[i])
