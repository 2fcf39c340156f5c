from tvm_tirx.script import tirx as T


@T.function
def abs_residual(Pred: T.Tensor((200,), T.int32), Ref: T.Tensor((200,), T.int32), Err: T.Tensor((200,), T.int32)):
    for i in range(200):
        Err[i] = T.abs(Pred[i] - Ref[i])
