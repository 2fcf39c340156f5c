from tvm_tirx.script import tirx as T


@T.function
def init_flags(Flags: T.Tensor((2,), T.bool)):
    Flags[0] = True
    Flags[1] = False
