from tvm_tirx.script import tirx as T


@T.function
def default_scale() -> T.float32:
    return 0.5
