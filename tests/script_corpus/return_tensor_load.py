from tvm_tirx.script import tirx as T


@T.function
def first_element(Data: T.Tensor((64,), T.float32)) -> T.float32:
    return Data[0]
