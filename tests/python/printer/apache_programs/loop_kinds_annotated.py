from tvm_tirx.script import tirx as T


@T.prim_func
def scale_tiles(A: T.Buffer((32, 16), "float32"), B: T.Buffer((32, 16), "float32")):
    for row in T.parallel(32):
        for col in T.vectorized(16):
            B[row, col] = A[row, col] * T.float32(0.5)
    for row in T.unroll(4):
        for col in T.serial(16, annotations={"pragma_auto_unroll_max_step": 16}):
            B[row, col] = B[row, col] + T.float32(1)
