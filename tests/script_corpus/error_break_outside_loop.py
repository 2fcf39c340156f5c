from tvm_tirx.script import tirx as T


@T.function
def early_exit(A: T.Tensor((16,), T.int32), flag: T.int32):
    if flag > 0:
        break
    A[0] = flag
