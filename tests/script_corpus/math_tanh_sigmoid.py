from tvm_tirx.script import tirx as T


@T.function
def lstm_gate_activations(Gates: T.Tensor((4, 64), T.float32), Act: T.Tensor((4, 64), T.float32)):
    for j in range(64):
        Act[0, j] = T.sigmoid(Gates[0, j])
        Act[1, j] = T.sigmoid(Gates[1, j])
        Act[2, j] = T.tanh(Gates[2, j])
        Act[3, j] = T.sigmoid(Gates[3, j])
