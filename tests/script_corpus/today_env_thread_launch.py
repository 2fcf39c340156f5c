from tvm_tirx.script import tirx as T


@T.prim_func
def column_sums(A: T.Buffer((32, 128), "float32"), Sums: T.Buffer((128,), "float32")):
    col = T.env_thread("threadIdx.x")
    T.launch_thread(col, 128)
    Sums[col] = T.float32(0)
    for r in range(32):
        Sums[col] = Sums[col] + A[r, col]
