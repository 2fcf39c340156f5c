from tvm_tirx.script import tirx as T


@T.function
def complex_phase(Real: T.Tensor((512,), T.float32), Imag: T.Tensor((512,), T.float32), Phase: T.Tensor((512,), T.float32)):
    for i in range(512):
        Phase[i] = T.atan2(Imag[i], Real[i])
