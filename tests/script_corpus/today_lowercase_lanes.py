from tvm_tirx.script import tirx as T


@T.prim_func
def add_bias_lanes(Acc: T.Buffer((64,), "float32"), bias: T.float32):
    for chunk in T.serial(16):
        Acc[T.ramp(chunk * 4, 1, 4)] = Acc[T.ramp(chunk * 4, 1, 4)] + T.broadcast(bias, 4)
