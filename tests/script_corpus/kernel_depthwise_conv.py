from tvm_tirx.script import tirx as T


@T.function
def depthwise_conv3x3(Input: T.Tensor((32, 34, 34), T.float16), Filter: T.Tensor((32, 3, 3), T.float16), Output: T.Tensor((32, 32, 32), T.float16)):
    for ch, y, x in T.grid(32, 32, 32):
        Output[ch, y, x] = T.float16(0.0)
        for fy, fx in T.grid(3, 3):
            Output[ch, y, x] = Output[ch, y, x] + Input[ch, y + fy, x + fx] * Filter[ch, fy, fx]
