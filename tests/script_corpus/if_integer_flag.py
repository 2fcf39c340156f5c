from tvm_tirx.script import tirx as T


@T.function
def masked_fill(A: T.Tensor((8,), T.float32), keep: T.Tensor((8,), T.int32), fill_value: T.float32):
    for i in range(8):
        if keep[i]:
            A[i] = A[i] * T.float32(2.0)
        else:
            A[i] = fill_value
