from tvm_tirx.script import tirx as T


@T.function
def sigmoid_gate(Gate: T.Tensor((16, 512), T.float32), Value: T.Tensor((16, 512), T.float32), Out: T.Tensor((16, 512), T.float32)):
    for t, d in T.grid(16, 512):
        Out[t, d] = T.sigmoid(Gate[t, d]) * Value[t, d]
