from tvm_tirx.script import tirx as T


@T.function
def skip_leading_spaces(Text: T.Tensor((256,), T.uint8), Pos: T.Tensor((1,), T.int32)):
    Pos[0] = 0
    while Pos[0] < 256:
        if Text[Pos[0]] != T.uint8(32):
            break
        Pos[0] = Pos[0] + 1
