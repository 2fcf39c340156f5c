from tvm_tirx.script import tirx as T


@T.function
def bit_width(Value: T.Tensor((32,), T.int32), Width: T.Tensor((32,), T.int32)):
    for i in range(32):
        Width[i] = 32 - T.clz(Value[i])
