from tvm_tirx.script import tirx as T


@T.function
def laplace_5point(Grid: T.Tensor((130, 130), T.float32), Laplacian: T.Tensor((128, 128), T.float32)):
    for i, j in T.grid(128, 128):
        Laplacian[i, j] = Grid[i, j + 1] + Grid[i + 2, j + 1] + Grid[i + 1, j] + Grid[i + 1, j + 2] - 4.0 * Grid[i + 1, j + 1]
