from tvm_tirx.script import tirx as T


@T.function
def unpack_int4(Packed: T.Tensor((512,), T.uint8), Low: T.Tensor((512,), T.int32), High: T.Tensor((512,), T.int32)):
    for i in range(512):
        Low[i] = T.Cast(T.int32, Packed[i] & T.uint8(15))
        High[i] = T.Cast(T.int32, Packed[i] >> T.uint8(4))
