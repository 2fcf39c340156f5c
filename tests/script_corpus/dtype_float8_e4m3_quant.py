from tvm_tirx.script import tirx as T


@T.function
def quant_e4m3(Act: T.Tensor((512,), T.float16), InvScale: T.Tensor((1,), T.float16), Q: T.Tensor((512,), T.float8_e4m3fn)):
    for i in range(512):
        Q[i] = T.Cast(T.float8_e4m3fn, Act[i] * InvScale[0])
