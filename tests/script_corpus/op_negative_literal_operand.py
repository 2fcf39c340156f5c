from tvm_tirx.script import tirx as T


@T.function
def flip_sign_int(A: T.Tensor((64,), T.int32), Out: T.Tensor((64,), T.int32)):
    for i in range(64):
        Out[i] = A[i] * -1 + -3
