from tvm_tirx.script import tirx as T


@T.function
def in_bounds(row: T.int32, col: T.int32, height: T.int32, width: T.int32) -> T.bool:
    return 0 <= row and row < height and 0 <= col and col < width
