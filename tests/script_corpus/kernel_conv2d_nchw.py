from tvm_tirx.script import tirx as T


@T.function
def conv2d_nchw_3x3(Input: T.Tensor((1, 8, 18, 18), T.float32), Weight: T.Tensor((16, 8, 3, 3), T.float32), Output: T.Tensor((1, 16, 16, 16), T.float32)):
    for oc, oh, ow in T.grid(16, 16, 16):
        Output[0, oc, oh, ow] = 0.0
        for ic, kh, kw in T.grid(8, 3, 3):
            Output[0, oc, oh, ow] = Output[0, oc, oh, ow] + Input[0, ic, oh + kh, ow + kw] * Weight[oc, ic, kh, kw]
