from tvm_tirx.script import tirx as T


@T.function
def log_scales(X: T.Tensor((256,), T.float64), Ln: T.Tensor((256,), T.float64), Log2: T.Tensor((256,), T.float64), Log10: T.Tensor((256,), T.float64)):
    for i in range(256):
        Ln[i] = T.log(X[i])
        Log2[i] = T.log2(X[i])
        Log10[i] = T.log10(X[i])
