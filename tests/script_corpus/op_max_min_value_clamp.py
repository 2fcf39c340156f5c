from tvm_tirx.script import tirx as T


@T.function
def saturate_int16(Acc: T.Tensor((64,), T.int16), Delta: T.Tensor((64,), T.int16)):
    for i in range(64):
        if Delta[i] > T.int16(0) and Acc[i] > T.max_value(ty="int16") - Delta[i]:
            Acc[i] = T.max_value(ty="int16")
        elif Delta[i] < T.int16(0) and Acc[i] < T.min_value(ty="int16") - Delta[i]:
            Acc[i] = T.min_value(ty="int16")
        else:
            Acc[i] = Acc[i] + Delta[i]
