from tvm_tirx.script import tirx as T


@T.prim_func
def scale_with_tail(Src: T.Buffer((2, 30), "float32"), Dst: T.Buffer((2, 30), "float32")):
    for row, chunk in T.grid(2, 8):
        doubled = Src.vload([row, T.Ramp(chunk * 4, 1, 4)], predicate=T.Ramp(chunk * 4, 1, 4) < T.Broadcast(30, 4)) * T.Broadcast(T.float32(2), 4)
        Dst.vstore([row, chunk * 4], doubled, predicate=T.Ramp(chunk * 4, 1, 4) < T.Broadcast(30, 4))
