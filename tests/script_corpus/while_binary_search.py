from tvm_tirx.script import tirx as T


@T.function
def lower_bound(Sorted: T.Tensor((1024,), T.int32), key: T.int32, Bounds: T.Tensor((2,), T.int32)):
    Bounds[0] = 0
    Bounds[1] = 1024
    while Bounds[0] < Bounds[1]:
        mid = (Bounds[0] + Bounds[1]) // 2
        if Sorted[mid] < key:
            Bounds[0] = mid + 1
        else:
            Bounds[1] = mid
