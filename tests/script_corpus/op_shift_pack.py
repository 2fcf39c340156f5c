from tvm_tirx.script import tirx as T


@T.function
def pack_nibbles(Low: T.Tensor((32,), T.int32), High: T.Tensor((32,), T.int32), Packed: T.Tensor((32,), T.int32), Top: T.Tensor((32,), T.int32)):
    for i in range(32):
        Packed[i] = T.shift_left(High[i], 4) + Low[i]
        Top[i] = Packed[i] >> 4
