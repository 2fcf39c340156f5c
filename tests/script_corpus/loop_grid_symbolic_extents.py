from tvm_tirx.script import tirx as T


rows = T.dynamic("rows")
cols = T.dynamic("cols")


@T.function
def scale_matrix(M: T.Tensor((rows, cols), T.float32), factor: T.float32):
    for r, c in T.grid(rows, cols):
        M[r, c] = M[r, c] * factor
