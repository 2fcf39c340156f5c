from tvm_tirx.script import tirx as T


@T.function
def pick_label(prefix: T.String(), use_fallback: T.bool) -> T.String():
    label: T.let[T.String()] = prefix
    if use_fallback:
        return "fallback"
    return label
