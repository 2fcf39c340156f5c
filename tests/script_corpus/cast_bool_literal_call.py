from tvm_tirx.script import tirx as T


@T.function
def true_as_int(Out: T.Tensor((1,), T.int32)):
    Out[0] = T.int32(True)
