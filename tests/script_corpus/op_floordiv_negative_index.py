from tvm_tirx.script import tirx as T


@T.function
def bucket_of(Offsets: T.Tensor((128,), T.int32), Bucket: T.Tensor((128,), T.int32)):
    for i in range(128):
        Bucket[i] = T.floordiv(Offsets[i] - 64, 8)
