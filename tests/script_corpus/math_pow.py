from tvm_tirx.script import tirx as T


@T.function
def gamma_correct(Linear: T.Tensor((1024,), T.float32), Encoded: T.Tensor((1024,), T.float32), gamma: T.float32):
    for i in range(1024):
        Encoded[i] = T.pow(Linear[i], 1.0 / gamma)
