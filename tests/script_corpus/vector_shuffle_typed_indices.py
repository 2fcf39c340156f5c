from tvm_tirx.script import tirx as T


@T.function
def zip_neighbours(A: T.Tensor((16,), T.float32x4), B: T.Tensor((16,), T.float32x4), C: T.Tensor((16,), T.int32x4), base: T.int32):
    for i in range(16):
        B[i] = T.Shuffle([A[i]], [3, 2, 1, 0])
        B[i] = T.Shuffle([A[i], A[(i + 1) % 16]], [0, 4, 1, 5])
        C[i] = T.Shuffle([T.Ramp(base, 2, 4), T.Broadcast(base + 1, 4)], [0, 4, 2, 6])
