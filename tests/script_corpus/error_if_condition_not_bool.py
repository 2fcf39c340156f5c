from tvm_tirx.script import tirx as T


@T.function
def if_on_integer(A: T.Tensor((4,), T.float32), flag: T.int32):
    if flag:
        A[0] = 1.0
