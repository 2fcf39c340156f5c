from tvm_tirx.script import tirx as T


@T.function
def signed_remainder(A: T.Tensor((64,), T.int32), divisor: T.int32, R: T.Tensor((64,), T.int32)):
    for i in range(64):
        R[i] = T.truncmod(A[i], divisor)
