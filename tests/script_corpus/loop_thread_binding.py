from tvm_tirx.script import tirx as T

n = T.dynamic("n")


@T.function
def gpu_vector_add(A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32), C: T.Tensor((n,), T.float32)):
    for bx in T.thread_binding((n + 255) // 256, thread="blockIdx.x"):
        for tx in T.thread_binding(256, thread="threadIdx.x"):
            if bx * 256 + tx < n:
                C[bx * 256 + tx] = A[bx * 256 + tx] + B[bx * 256 + tx]
