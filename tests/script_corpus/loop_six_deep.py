from tvm_tirx.script import tirx as T


@T.function
def conv2d_nhwc_loops(Input: T.Tensor((1, 10, 10, 4), T.float32), Weight: T.Tensor((3, 3, 4, 8), T.float32), Output: T.Tensor((1, 8, 8, 8), T.float32)):
    for oh in range(8):
        for ow in range(8):
            for oc in range(8):
                Output[0, oh, ow, oc] = 0.0
                for kh in range(3):
                    for kw in range(3):
                        for ic in range(4):
                            Output[0, oh, ow, oc] = Output[0, oh, ow, oc] + Input[0, oh + kh, ow + kw, ic] * Weight[kh, kw, ic, oc]
