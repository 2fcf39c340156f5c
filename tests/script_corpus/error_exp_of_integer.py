from tvm_tirx.script import tirx as T


@T.function
def exp_of_count(A: T.Tensor((4,), T.float32), count: T.int32):
    A[0] = T.exp(count)
