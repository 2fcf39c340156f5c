from tvm_tirx.script import tirx as T


@T.function
def truncdiv_wide(A: T.Tensor((64,), T.int64), B: T.Tensor((64,), T.int64), Q: T.Tensor((64,), T.int64)):
    for i in range(64):
        Q[i] = T.truncdiv(A[i], B[i])
