from tvm_tirx.script import tirx as T


@T.function
def nll_pick(LogProbs: T.Tensor((64, 1000), T.float32), Labels: T.Tensor((64,), T.int32), Loss: T.Tensor((64,), T.float32)):
    for b in range(64):
        Loss[b] = -LogProbs[b, Labels[b]]
