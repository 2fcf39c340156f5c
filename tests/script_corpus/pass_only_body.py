from tvm_tirx.script import tirx as T


@T.function
def no_op(Data: T.Tensor((64,), T.float32)):
    pass
