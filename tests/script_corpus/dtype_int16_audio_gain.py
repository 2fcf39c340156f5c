from tvm_tirx.script import tirx as T


@T.function
def audio_gain(Samples: T.Tensor((48000,), T.int16), Gained: T.Tensor((48000,), T.int16)):
    for i in range(48000):
        Gained[i] = Samples[i] * T.int16(2)
