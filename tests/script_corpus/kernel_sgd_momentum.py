from tvm_tirx.script import tirx as T


@T.function
def sgd_momentum(Weight: T.Tensor((4096,), T.float32), Grad: T.Tensor((4096,), T.float32), Velocity: T.Tensor((4096,), T.float32), lr: T.float32, momentum: T.float32):
    for i in range(4096):
        Velocity[i] = momentum * Velocity[i] + Grad[i]
        Weight[i] = Weight[i] - lr * Velocity[i]
