from tvm_tirx.script import tirx as T


@T.function
def smooth_three_point(Signal: T.Tensor((1026,), T.float32), Smoothed: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        Smoothed[i] = 0.25 * Signal[i] + 0.5 * Signal[i + 1] + 0.25 * Signal[i + 2]
