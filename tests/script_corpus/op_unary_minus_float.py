from tvm_tirx.script import tirx as T


@T.function
def negate_gradient(Grad: T.Tensor((1024,), T.float32), Step: T.Tensor((1024,), T.float32)):
    for i in range(1024):
        Step[i] = -Grad[i]
