from tvm_tirx.script import tirx as T


@T.prim_func
def add_rows(A: T.Buffer((64, 128), "float32"), B: T.Buffer((64, 128), "float32")):
    for bx in T.thread_binding(64, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            B[bx, tx] = A[bx, tx] + T.float32(2)
