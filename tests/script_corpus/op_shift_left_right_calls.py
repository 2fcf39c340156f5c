from tvm_tirx.script import tirx as T


@T.function
def scale_by_powers(Raw: T.Tensor((64,), T.int32), Up: T.Tensor((64,), T.int32), Down: T.Tensor((64,), T.int32)):
    for i in range(64):
        Up[i] = T.shift_left(Raw[i], 3)
        Down[i] = T.shift_right(Raw[i], 2)
