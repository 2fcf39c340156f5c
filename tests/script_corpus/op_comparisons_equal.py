from tvm_tirx.script import tirx as T


@T.function
def match_labels(Pred: T.Tensor((256,), T.int32), Label: T.Tensor((256,), T.int32), Hit: T.Tensor((256,), T.bool), Miss: T.Tensor((256,), T.bool)):
    for i in range(256):
        Hit[i] = Pred[i] == Label[i]
        Miss[i] = Pred[i] != Label[i]
