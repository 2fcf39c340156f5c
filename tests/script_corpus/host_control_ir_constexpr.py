from tvm_tirx.script import tirx as T
from tvm_tirx.script import ir as I


@T.function
def scale_head(Data: T.Tensor((4,), T.float32)):
    if I.constexpr(4 > 2):
        Data[0] = Data[0] * T.float32(4)
    else:
        Data[0] = T.float32(0)
    Data[1] = Data[1] * T.float32(2) if I.constexpr(4 % 2 == 0) else Data[1]
