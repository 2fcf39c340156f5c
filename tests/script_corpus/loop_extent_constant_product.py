from tvm_tirx.script import tirx as T


@T.function
def zero_product_extent(Data: T.Tensor((128,), T.float32)):
    for i in range(64 * 2):
        Data[i] = 0.0
