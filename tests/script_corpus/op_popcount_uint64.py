from tvm_tirx.script import tirx as T


@T.function
def popcount_words(Words: T.Tensor((64,), T.uint64), Counts: T.Tensor((64,), T.uint64)):
    for i in range(64):
        Counts[i] = T.popcount(Words[i])
