from tvm_tirx.script import tirx as T


@T.function
def search_with_else(A: T.Tensor((4,), T.int32), key: T.int32):
    for i in range(4):
        if A[i] == key:
            break
    else:
        A[0] = -1
