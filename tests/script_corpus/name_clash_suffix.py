from tvm_tirx.script import tirx as T


@T.function
def shadowed_loop_names(A: T.Tensor((8, 8), T.int32)):
    for i in range(8):
        for i in range(8):
            A[i, i] = 1
