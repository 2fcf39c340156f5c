from tvm_tirx.script import tirx as T


@T.function
def guarded_store(A: T.Tensor((4,), T.int32)):
    try:
        A[0] = 1
    except IndexError:
        A[0] = 2
