from tvm_tirx.script import tirx as T


@T.function
def count_down(State: T.Tensor((1,), T.int32), Trace: T.Tensor((16,), T.int32)):
    while State[0] > 0:
        State[0] = State[0] - 1
        Trace[State[0]] = State[0]
