from tvm_tirx.script import tirx as T


@T.function
def log_sum_exp_pair(A: T.Tensor((256,), T.float32), B: T.Tensor((256,), T.float32), Out: T.Tensor((256,), T.float32)):
    for i in range(256):
        Out[i] = T.log(T.exp(A[i]) + T.exp(B[i]))
