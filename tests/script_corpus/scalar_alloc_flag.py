from tvm_tirx.script import tirx as T


@T.function
def has_nan(values: T.Tensor((64,), T.float32), flag: T.Tensor((1,), T.bool)):
    seen = T.alloc_scalar("bool", "local")
    seen = False
    for i in range(64):
        if T.isnan(values[i]):
            seen = True
    flag[0] = seen
