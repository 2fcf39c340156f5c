from tvm_tirx.script import tirx as T


@T.function
def per_row_scan(Lengths: T.Tensor((16,), T.int32), Cursor: T.Tensor((16,), T.int32), Rows: T.Tensor((16, 32), T.int32)):
    for r in range(16):
        Cursor[r] = 0
        while Cursor[r] < Lengths[r]:
            Rows[r, Cursor[r]] = Cursor[r]
            Cursor[r] = Cursor[r] + 1
