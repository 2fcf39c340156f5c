from tvm_tirx.script import tirx as T


@T.function
def octave_and_decade(X: T.Tensor((128,), T.float32), Octave: T.Tensor((128,), T.float32), Decade: T.Tensor((128,), T.float32)):
    for i in range(128):
        Octave[i] = T.exp2(X[i])
        Decade[i] = T.log10(X[i])
