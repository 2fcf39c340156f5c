from tvm_tirx.script import tirx as T


@T.function
def complex_magnitude(Real: T.Tensor((64,), T.float64), Imag: T.Tensor((64,), T.float64), Mag: T.Tensor((64,), T.float64)):
    for i in range(64):
        Mag[i] = T.hypot(Real[i], Imag[i])
