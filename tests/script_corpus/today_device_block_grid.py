from tvm_tirx.script import tirx as T


@T.prim_func
def add_bias(Out: T.Buffer((8, 64), "float16"), bias: T.float16):
    T.device_entry()
    bx, by = T.cta_id([2, 4])
    tx = T.thread_id([64])
    Out[bx * 4 + by, tx] = Out[bx * 4 + by, tx] + bias
