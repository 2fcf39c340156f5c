from tvm_tirx.script import tirx as T


@T.function
def early_store(A: T.Tensor((8,), T.int32)):
    total = 0
    total: T.int32 = A[0]
    A[1] = total
