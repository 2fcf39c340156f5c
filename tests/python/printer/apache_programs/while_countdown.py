from tvm_tirx.script import tirx as T


@T.prim_func
def halve_until_small(Values: T.Buffer((8,), "int32"), Steps: T.Buffer((8,), "int32")):
    for lane in range(8):
        Steps[lane] = 0
        while Values[lane] > 1:
            Values[lane] = Values[lane] // 2
            Steps[lane] = Steps[lane] + 1
