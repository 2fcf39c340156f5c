from tvm_tirx.script import tirx as T


@T.function
def ulp_above(X: T.Tensor((32,), T.float32), Ulp: T.Tensor((32,), T.float32)):
    for i in range(32):
        Ulp[i] = T.nextafter(X[i], T.float32("inf")) - X[i]
