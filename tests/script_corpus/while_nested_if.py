from tvm_tirx.script import tirx as T


@T.function
def drain_queue(Head: T.Tensor((1,), T.int32), Queue: T.Tensor((64,), T.int32), Done: T.Tensor((64,), T.int32)):
    while Head[0] < 64:
        if Queue[Head[0]] > 0:
            Done[Head[0]] = 1
        else:
            Done[Head[0]] = 0
        Head[0] = Head[0] + 1
