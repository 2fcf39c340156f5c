from tvm_tirx.script import tirx as T


@T.function
def mixed_condition(A: T.Tensor((4,), T.int32), k: T.int32):
    if k > 0 and k:
        A[0] = 1
