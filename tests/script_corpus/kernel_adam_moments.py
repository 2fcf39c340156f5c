from tvm_tirx.script import tirx as T


@T.function
def adam_moments(Grad: T.Tensor((4096,), T.float32), M: T.Tensor((4096,), T.float32), V: T.Tensor((4096,), T.float32), beta1: T.float32, beta2: T.float32):
    for i in range(4096):
        M[i] = beta1 * M[i] + (1.0 - beta1) * Grad[i]
        V[i] = beta2 * V[i] + (1.0 - beta2) * Grad[i] * Grad[i]
