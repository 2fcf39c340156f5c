from tvm_tirx.script import tirx as T


@T.function
def trace_counters(Counters: T.Tensor((4,), T.int32)):
    T.emit(Counters[0])
    T.emit([Counters[1], Counters[2]])
    T.emit(T.int32(0))
    marker = T.evaluate(Counters[3])
    T.add_to_parent(marker)
