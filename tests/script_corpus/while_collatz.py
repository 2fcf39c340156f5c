from tvm_tirx.script import tirx as T


@T.function
def collatz_steps(State: T.Tensor((1,), T.int64), Steps: T.Tensor((1,), T.int32)):
    Steps[0] = 0
    while State[0] != 1:
        if State[0] % 2 == 0:
            State[0] = State[0] // 2
        else:
            State[0] = State[0] * 3 + 1
        Steps[0] = Steps[0] + 1
