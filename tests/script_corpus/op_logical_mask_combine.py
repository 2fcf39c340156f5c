from tvm_tirx.script import tirx as T


@T.function
def combine_masks(A: T.Tensor((128,), T.bool), B: T.Tensor((128,), T.bool), Both: T.Tensor((128,), T.bool), Either: T.Tensor((128,), T.bool), Neither: T.Tensor((128,), T.bool)):
    for i in range(128):
        Both[i] = A[i] and B[i]
        Either[i] = A[i] or B[i]
        Neither[i] = not (A[i] or B[i])
