from tvm_tirx.script import tirx as T


@T.function
def find_zero(Data: T.Tensor((64,), T.int32), Cursor: T.Tensor((1,), T.int32)) -> T.int32:
    while Cursor[0] < 64:
        if Data[Cursor[0]] == 0:
            return Cursor[0]
        Cursor[0] = Cursor[0] + 1
    return -1
