from tvm_tirx.script import tirx as T


@T.function
def scratch_total(Out: T.Tensor((1,), T.int32)):
    total = T.alloc_scalar("integer", "local")
    total = 0
    Out[0] = total
