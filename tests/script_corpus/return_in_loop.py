from tvm_tirx.script import tirx as T


@T.function
def first_negative(Values: T.Tensor((128,), T.int32)) -> T.int32:
    for i in range(128):
        if Values[i] < 0:
            return i
    return -1
