from tvm_tirx.script import tirx as T


@T.function
def transpose_tiled(A: T.Tensor((256, 512), T.float32), B: T.Tensor((512, 256), T.float32)):
    for ti, tj in T.grid(8, 16):
        for ii, jj in T.grid(32, 32):
            B[tj * 32 + jj, ti * 32 + ii] = A[ti * 32 + ii, tj * 32 + jj]
