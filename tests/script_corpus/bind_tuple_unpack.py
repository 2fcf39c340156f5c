from tvm_tirx.script import tirx as T


@T.function
def split_flat_index(flat: T.int32, width: T.int32, Coords: T.Tensor((2,), T.int32)):
    row, col = flat // width, flat % width
    Coords[0] = row
    Coords[1] = col
