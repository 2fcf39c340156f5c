from tvm_tirx.script import tirx as T


@T.function
def lower_triangle_fill(M: T.Tensor((32, 32), T.float32)):
    for i in range(32):
        for j in range(i + 1, 32):
            M[i, j] = 0.0
