from tvm_tirx.script import tirx as T


@T.function
def bucketize_scores(Scores: T.Tensor((1000,), T.float32), Bucket: T.Tensor((1000,), T.int8)):
    for i in range(1000):
        if Scores[i] < 0.25:
            Bucket[i] = T.int8(0)
        elif Scores[i] < 0.5:
            Bucket[i] = T.int8(1)
        elif Scores[i] < 0.75:
            Bucket[i] = T.int8(2)
        else:
            Bucket[i] = T.int8(3)
