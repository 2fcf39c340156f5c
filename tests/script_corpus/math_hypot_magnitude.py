from tvm_tirx.script import tirx as T


@T.function
def complex_magnitude(Real: T.Tensor((512,), T.float32), Imag: T.Tensor((512,), T.float32), Mag: T.Tensor((512,), T.float32)):
    for i in range(512):
        Mag[i] = T.hypot(Real[i], Imag[i])
