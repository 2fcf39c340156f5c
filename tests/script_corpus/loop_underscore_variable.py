from tvm_tirx.script import tirx as T


@T.function
def repeat_increment(Counter: T.Tensor((1,), T.int32)):
    for _ in range(4):
        Counter[0] = Counter[0] + 1
