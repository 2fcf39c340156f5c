from tvm_tirx.script import tirx as T


@T.function
def quantize_without_cast(A: T.Tensor((16,), T.float32), Q: T.Tensor((16,), T.int8)):
    for i in range(16):
        Q[i] = A[i] * 127.0
