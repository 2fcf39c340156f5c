from tvm_tirx.script import tirx as T


@T.function
def l1_terms(Pred: T.Tensor((64,), T.float32), Label: T.Tensor((64,), T.float32), Steps: T.Tensor((64,), T.int32), Err: T.Tensor((64,), T.float32), Moves: T.Tensor((64,), T.int32)):
    for i in range(64):
        Err[i] = T.abs(Pred[i] - Label[i])
        Moves[i] = T.abs(Steps[i])
