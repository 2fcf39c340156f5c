from tvm_tirx.script import tirx as T


@T.function
def shift_left_by_one(A: T.Tensor((8,), T.float32), B: T.Tensor((8,), T.float32)):
    for i in range(7):
        B[i] = T.TensorLoad(A, [i + 1])
    B[7] = T.TensorLoad(A, [0])
