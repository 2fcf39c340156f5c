from tvm_tirx.script import tirx as T


@T.function
def phase_of(Step: T.Tensor((128,), T.int32), Phase: T.Tensor((128,), T.int32)):
    for i in range(128):
        Phase[i] = T.floormod(Step[i], 12)
