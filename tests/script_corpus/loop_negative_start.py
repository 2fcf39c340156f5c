from tvm_tirx.script import tirx as T


@T.function
def centered_taps(Signal: T.Tensor((72,), T.float32), Out: T.Tensor((64,), T.float32)):
    for i in range(64):
        Out[i] = 0.0
        for k in range(-4, 5):
            Out[i] = Out[i] + Signal[i + 4 + k]
