from tvm_tirx.script import tirx as T


@T.function
def split_signed(Value: T.Tensor((64,), T.int32), Quot: T.Tensor((64,), T.int32), Rem: T.Tensor((64,), T.int32)):
    for i in range(64):
        Quot[i] = T.truncdiv(Value[i], 10)
        Rem[i] = T.truncmod(Value[i], 10)
