from tvm_tirx.script import tirx as T


@T.function
def zero_every_fourth(A: T.Tensor((128,), T.int16)):
    for i in T.serial(0, 128, step=4):
        A[i] = T.int16(0)
