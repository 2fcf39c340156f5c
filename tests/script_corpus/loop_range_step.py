from tvm_tirx.script import tirx as T


@T.function
def sum_adjacent_pairs(A: T.Tensor((256,), T.float32), B: T.Tensor((128,), T.float32)):
    for i in range(0, 256, 2):
        B[i // 2] = A[i] + A[i + 1]
