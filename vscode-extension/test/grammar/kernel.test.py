# SYNTAX TEST "source.python" "TVMScript constructs inside Python (hand-written assertions)"
from tvm_tirx.script import tirx as T


@T.function
# <- punctuation.definition.decorator.tvmscript
#^ entity.name.namespace.tvmscript
# ^ punctuation.accessor.tvmscript
#  ^^^^^^^^ entity.name.function.decorator.tvmscript
def vector_add[n, m](A: T.Tensor((n,), T.float32), B: T.Tensor((m,), "float32")):
# <--- storage.type.function.python
#   ^^^^^^^^^^ entity.name.function.tvmscript
#             ^ punctuation.definition.symbols.begin.tvmscript
#              ^ variable.other.constant.symbol.tvmscript
#               ^ punctuation.separator.symbols.tvmscript
#                 ^ variable.other.constant.symbol.tvmscript
#                  ^ punctuation.definition.symbols.end.tvmscript
#                       ^ entity.name.namespace.tvmscript
#                         ^^^^^^ support.function.tvmscript
#                                      ^ entity.name.namespace.tvmscript
#                                        ^^^^^^^ support.type.dtype.tvmscript
#                                                                     ^^^^^^^ string.quoted.single.python
#                                                                     ^^^^^^^ - support.type.dtype.tvmscript
    for i in range(n):
        x = T.float16x4(0)
#           ^ entity.name.namespace.tvmscript
#             ^^^^^^^^^ support.type.dtype.tvmscript
        y = T.cast(A[i], T.int8) + T.bfloat16(1) + T.float8_e4m3fn(0)
#             ^^^^ support.function.tvmscript
#                          ^^^^ support.type.dtype.tvmscript
#                                    ^^^^^^^^ support.type.dtype.tvmscript
#                                                    ^^^^^^^^^^^^^ support.type.dtype.tvmscript
        buf = T.alloc_local((4,), T.uint16)
#               ^^^^^^^^^^^ support.function.tvmscript
#                                   ^^^^^^ support.type.dtype.tvmscript
        flag = T.bool(True)  # T.float32 in a comment is not coloured
#                ^^^^ support.type.dtype.tvmscript
#                                ^^^^^^^ - support.type.dtype.tvmscript
#                                ^^^^^^^ comment.line.number-sign.python
        s = "T.float32 in a string"
#            ^^^^^^^^^ - support.type.dtype.tvmscript
        z = T.float320 + T.floatx + T.int3
#             ^^^^^^^^ support.function.tvmscript
#             ^^^^^^^^ - support.type.dtype.tvmscript
#                          ^^^^^^ support.function.tvmscript
#                                     ^^^^ support.function.tvmscript


@I.ir_module
# <- punctuation.definition.decorator.tvmscript
#^ entity.name.namespace.tvmscript
#  ^^^^^^^^^ entity.name.function.decorator.tvmscript
class Module:
    @T.prim_func
#    ^ entity.name.namespace.tvmscript
#      ^^^^^^^^^ entity.name.function.decorator.tvmscript
    def main(A: T.Buffer((8,), "float32")):
#   ^^^ storage.type.function.python
#       ^^^^ entity.name.function.python
#                 ^^^^^^ support.function.tvmscript
        Ts.meta_var(1)
#       ^^ entity.name.namespace.tvmscript
#          ^^^^^^^^ support.function.tvmscript
        Tx.foo(1)
#       ^^^^^^ - entity.name.namespace.tvmscript
#       ^^^^^^ - support.function.tvmscript
