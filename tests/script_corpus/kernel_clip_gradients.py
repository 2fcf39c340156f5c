from tvm_tirx.script import tirx as T


@T.function
def clip_gradients(Grad: T.Tensor((10000,), T.float32), limit: T.float32):
    for i in range(10000):
        if Grad[i] > limit:
            Grad[i] = limit
        elif Grad[i] < -limit:
            Grad[i] = -limit
