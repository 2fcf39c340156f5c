from tvm_tirx.script import tirx as T


@T.function
def update_flags(Flags: T.Tensor((64,), T.uint32), Set: T.Tensor((64,), T.uint32), Clear: T.Tensor((64,), T.uint32), Toggle: T.Tensor((64,), T.uint32)):
    for i in range(64):
        Flags[i] = (Flags[i] | Set[i]) & ~Clear[i] ^ Toggle[i]
