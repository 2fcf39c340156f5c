from tvm_tirx.script import tirx as T


@T.function
def add_row_offsets(A: T.Tensor((4096,), T.float32), B: T.Tensor((4096,), T.float32), width: T.int32):
    for r in range(64):
        row_start = r * width
        for c in range(64):
            flat = row_start + c
            B[flat] = A[flat]
