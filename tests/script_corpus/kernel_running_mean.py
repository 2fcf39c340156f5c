from tvm_tirx.script import tirx as T


@T.function
def update_running_mean(Running: T.Tensor((64,), T.float32), Batch: T.Tensor((64,), T.float32), momentum: T.float32):
    for c in range(64):
        Running[c] = (1.0 - momentum) * Running[c] + momentum * Batch[c]
