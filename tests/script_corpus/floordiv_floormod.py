from tvm_tirx.script import tirx as T


@T.function
def unflatten_coordinates(Flat: T.Tensor((96,), T.int32), Rows: T.Tensor((96,), T.int32), Cols: T.Tensor((96,), T.int32), width: T.int32):
    for i in range(96):
        Rows[i] = Flat[i] // width
        Cols[i] = Flat[i] % width
