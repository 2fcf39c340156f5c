from tvm_tirx.script import tirx as T


@T.function
def gemm_tile_16(A: T.Tensor((64, 64), T.float32), B: T.Tensor((64, 64), T.float32), C: T.Tensor((64, 64), T.float32)):
    for io, jo in T.grid(4, 4):
        for ii, ji in T.grid(16, 16):
            C[io * 16 + ii, jo * 16 + ji] = 0.0
            for k in range(64):
                C[io * 16 + ii, jo * 16 + ji] = C[io * 16 + ii, jo * 16 + ji] + A[io * 16 + ii, k] * B[k, jo * 16 + ji]
