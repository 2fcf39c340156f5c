from tvm_tirx.script import tirx as T


@T.function
def axpy_vectorized(X: T.Tensor((1024,), T.float32), Y: T.Tensor((1024,), T.float32), a: T.float32):
    for outer in range(256):
        for lane in T.vectorized(4):
            Y[outer * 4 + lane] = a * X[outer * 4 + lane] + Y[outer * 4 + lane]
