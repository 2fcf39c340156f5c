from tvm_tirx.script import tirx as T


@T.function
def copy_halves(A: T.Tensor((32,), T.int32), B: T.Tensor((32,), T.int32)):
    for _ in range(1):
        for lane in range(16):
            B[lane] = A[lane]
    for _ in range(1):
        for lane in range(16):
            B[lane + 16] = A[lane + 16]
