from tvm_tirx.script import tirx as T
from typing import TypeVar

Rows = TypeVar("Rows")
Cols = TypeVar("Cols")


@T.prim_func
def scale_rows(Data: T.Buffer((Rows, Cols), "float32"), Scale: T.Buffer((Rows,), "float32")):
    for row, col in T.grid(Rows, Cols):
        Data[row, col] = Data[row, col] * Scale[row]
