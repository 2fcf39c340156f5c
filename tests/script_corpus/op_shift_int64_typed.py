from tvm_tirx.script import tirx as T


@T.function
def pack_int64(Hi: T.Tensor((64,), T.int64), Lo: T.Tensor((64,), T.int64), Packed: T.Tensor((64,), T.int64)):
    for i in range(64):
        Packed[i] = (Hi[i] << T.int64(32)) | (Lo[i] & T.int64(4294967295))
