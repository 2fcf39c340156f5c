from tvm_tirx.script import tirx as T


@T.function
def guarded(p: T.Ptr(T.void), A: T.Tensor((1,), T.int32)):
    if T.isnullptr(p):
        A[0] = 0
    else:
        A[0] = 1
