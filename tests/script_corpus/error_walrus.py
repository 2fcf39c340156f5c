from tvm_tirx.script import tirx as T


@T.function
def walrus_offset(A: T.Tensor((4,), T.int32), k: T.int32):
    A[0] = (next_k := k + 1)
