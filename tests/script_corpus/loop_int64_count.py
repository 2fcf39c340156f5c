from tvm_tirx.script import tirx as T


@T.function
def clear_and_mark(Data: T.Tensor((4096,), T.float32), Mark: T.Tensor((4096,), T.int8), count: T.int64):
    for i in range(count):
        Data[i] = T.float32(0)
    for j in T.parallel(count):
        Mark[j] = T.int8(1)
    for k in range(T.int64(16), count):
        Mark[k] = Mark[k - T.int64(16)]
