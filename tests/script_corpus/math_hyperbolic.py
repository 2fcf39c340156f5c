from tvm_tirx.script import tirx as T


@T.function
def hyperbolic_features(X: T.Tensor((64,), T.float64), F: T.Tensor((64, 4), T.float64)):
    for i in range(64):
        F[i, 0] = T.sinh(X[i])
        F[i, 1] = T.cosh(X[i])
        F[i, 2] = T.asinh(X[i])
        F[i, 3] = T.atanh(X[i] / (T.fabs(X[i]) + T.float64(1))) + T.acosh(T.fabs(X[i]) + T.float64(1))
