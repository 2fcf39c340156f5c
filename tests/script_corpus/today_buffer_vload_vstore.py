from tvm_tirx.script import tirx as T


@T.prim_func
def widen_copy(Src: T.Buffer((4, 64), "float32"), Dst: T.Buffer((4, 64), "float32")):
    for row, chunk in T.grid(4, 16):
        Dst.vstore([row, chunk * 4], Src.vload([row, chunk * 4], "float32x4") * T.Broadcast(T.float32(2), 4))
    Dst.vstore([0, 0], Src.vload([0, 0]))
