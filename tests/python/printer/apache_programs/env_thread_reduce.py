from tvm_tirx.script import tirx as T


@T.prim_func
def lane_sums(A: T.Buffer((32, 32), "float32"), S: T.Buffer((32,), "float32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 32):
        S[tx] = T.float32(0)
        for k in range(32):
            S[tx] = S[tx] + A[tx, k]
