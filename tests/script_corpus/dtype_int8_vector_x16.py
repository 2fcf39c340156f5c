from tvm_tirx.script import tirx as T


@T.function
def add_int8x16(A: T.Tensor((32,), T.int8x16), B: T.Tensor((32,), T.int8x16), C: T.Tensor((32,), T.int8x16)):
    for i in range(32):
        C[i] = A[i] + B[i]
