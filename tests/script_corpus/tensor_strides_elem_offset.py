from tvm_tirx.script import tirx as T

rows = T.dynamic("rows")
offset = T.dynamic("offset")


@T.function
def copy_from_padded_view(Padded: T.Tensor((rows, 60), T.float32, strides=(64, 1), elem_offset=offset), Dense: T.Tensor((rows, 60), T.float32)):
    for r, c in T.grid(rows, 60):
        Dense[r, c] = Padded[r, c]
