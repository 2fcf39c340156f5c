from tvm_tirx.script import tirx as T


@T.function
def swap_even_odd(A: T.Tensor((1024,), T.float32), B: T.Tensor((1024,), T.float32)):
    for i in T.parallel(0, 1024, step=2):
        B[i] = A[i + 1]
        B[i + 1] = A[i]
