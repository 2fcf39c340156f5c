from tvm_tirx.script import tirx as T


@T.function
def noop_markers(flag: T.bool):
    T.evaluate(0)
    T.evaluate(T.int64(42))
    T.evaluate(flag)
