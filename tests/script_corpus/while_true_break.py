from tvm_tirx.script import tirx as T


@T.function
def spin_until_flag(Flag: T.Tensor((64,), T.int32), Pos: T.Tensor((1,), T.int32)):
    while True:
        if Flag[Pos[0]] != 0:
            break
        Pos[0] = Pos[0] + 1
