from tvm_tirx.script import tirx as T


@T.function
def count_positive(values: T.Tensor((128,), T.float32), count: T.Tensor((1,), T.int32)):
    positives = T.local_scalar("int32", 0)
    for i in range(128):
        if values[i] > T.float32(0):
            positives = positives + 1
    count[0] = positives
