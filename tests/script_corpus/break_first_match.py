from tvm_tirx.script import tirx as T


@T.function
def find_first_index(A: T.Tensor((512,), T.int32), key: T.int32, Found: T.Tensor((1,), T.int32)):
    Found[0] = -1
    for i in range(512):
        if A[i] == key:
            Found[0] = i
            break
