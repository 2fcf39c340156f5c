from tvm_tirx.script import tirx as T


@T.function
def mark_positive(Values: T.Tensor((300,), T.float32), Positive: T.Tensor((300,), T.bool)):
    for i in range(300):
        Positive[i] = Values[i] > 0.0
