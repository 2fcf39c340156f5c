from tvm_tirx.script import tirx as T


@T.function
def fill_then_double(Buf: T.Tensor((64,), T.int32)):
    for i in range(64):
        Buf[i] = i
    for k in range(64):
        Buf[k] = Buf[k] * 2
