from tvm_tirx.script import tirx as T


@T.function
def mark_enabled(Flags: T.Tensor((8,), T.int32), enabled: T.bool):
    for i in range(8):
        T.evaluate(0)
    if enabled:
        Flags[0] = 1
    else:
        T.evaluate(0)
    T.evaluate(T.int64(0))
    T.evaluate(False)
