from tvm_tirx.script import tirx as T


@T.function
def shift_then_add(A: T.Tensor((64,), T.int32), Out: T.Tensor((2, 64), T.int32)):
    for i in range(64):
        Out[0, i] = A[i] << 2 + 1
        Out[1, i] = (A[i] << 2) + 1
