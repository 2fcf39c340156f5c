from tvm_tirx.script import tirx as T


@T.function
def multiply_add_int32x4(A: T.Tensor((64,), T.int32x4), B: T.Tensor((64,), T.int32x4), C: T.Tensor((64,), T.int32x4)):
    for i in range(64):
        C[i] = A[i] * B[i] + C[i]
