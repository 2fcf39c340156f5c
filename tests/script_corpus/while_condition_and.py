from tvm_tirx.script import tirx as T


@T.function
def advance_cursor(Cursor: T.Tensor((1,), T.int32), Tokens: T.Tensor((256,), T.int32)):
    while Cursor[0] < 256 and Tokens[Cursor[0]] != 0:
        Cursor[0] = Cursor[0] + 1
