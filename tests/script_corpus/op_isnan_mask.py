from tvm_tirx.script import tirx as T


@T.function
def nan_to_zero(Logits: T.Tensor((128,), T.float32), Clean: T.Tensor((128,), T.float32)):
    for i in range(128):
        if T.isnan(Logits[i]):
            Clean[i] = T.float32(0)
        else:
            Clean[i] = Logits[i]
