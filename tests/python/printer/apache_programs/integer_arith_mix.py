from tvm_tirx.script import tirx as T


@T.prim_func
def bucket_index(Keys: T.Buffer((128,), "int32"), Out: T.Buffer((128,), "int32"), buckets: T.int32):
    for i in range(128):
        Out[i] = T.max(T.min(Keys[i] // 7 + Keys[i] % 3, buckets - 1), 0) ^ (Keys[i] & 15) | (Keys[i] >> 2) << 1
