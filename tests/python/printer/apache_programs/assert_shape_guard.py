from tvm_tirx.script import tirx as T


@T.prim_func
def checked_copy(Src: T.Buffer((64,), "int16"), Dst: T.Buffer((64,), "int16"), count: T.int32):
    assert count <= 64, "count exceeds the buffer"
    for i in range(count):
        Dst[i] = Src[i]
