from tvm_tirx.script import tirx as T


@T.function
def wrap_phase(Phase: T.Tensor((256,), T.float32), Wrapped: T.Tensor((256,), T.float32)):
    for i in range(256):
        Wrapped[i] = T.fmod(Phase[i], T.float32(6.2831855))
