from tvm_tirx.script import tirx as T


@T.function
def unroll_hints(A: T.Tensor((64,), T.float32)):
    for i in T.serial(0, 16, unroll=True):
        A[i] = A[i] * T.float32(2)
    for j in T.serial(16, 32, unroll=4):
        A[j] = A[j] + T.float32(1)
    for k in T.serial(32, 64, unroll=False, step=2):
        A[k] = T.float32(0)
