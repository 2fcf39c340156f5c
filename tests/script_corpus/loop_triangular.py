from tvm_tirx.script import tirx as T


@T.function
def copy_lower_triangle(A: T.Tensor((128, 128), T.float64), L: T.Tensor((128, 128), T.float64)):
    for i in range(128):
        for j in range(i + 1):
            L[i, j] = A[i, j]
