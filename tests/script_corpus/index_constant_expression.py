from tvm_tirx.script import tirx as T


@T.function
def store_folded_index(Data: T.Tensor((64,), T.int32)):
    Data[2 + 3] = 4 * 8
