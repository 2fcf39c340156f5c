from tvm_tirx.script import tirx as T


@T.function
def conv1d_valid(Signal: T.Tensor((4, 8, 130), T.float32), Kernel: T.Tensor((16, 8, 3), T.float32), Out: T.Tensor((4, 16, 128), T.float32)):
    for b, oc, x in T.grid(4, 16, 128):
        Out[b, oc, x] = 0.0
        for ic, dx in T.grid(8, 3):
            Out[b, oc, x] = Out[b, oc, x] + Signal[b, ic, x + dx] * Kernel[oc, ic, dx]
