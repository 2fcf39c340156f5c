from tvm_tirx.script import tirx as T


@T.function
def running_window(A: T.Tensor((64,), T.float32), Out: T.Tensor((64,), T.float32)):
    window: T.float32[4]
    taps: T.int32[2, 2]
    taps[0, 0] = 1
    for i in range(64):
        window[i % 4] = A[i]
        Out[i] = window[0] + window[1] + window[2] + window[3]
