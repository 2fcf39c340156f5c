from tvm_tirx.script import tirx as T


@T.function
def offset_rows(A: T.Tensor((8, 8), T.float32), width: T.int32):
    for r in range(8):
        base: T.let["int32"] = r * width
        A[r, 0] = A[r, 0] + T.float32(1)
