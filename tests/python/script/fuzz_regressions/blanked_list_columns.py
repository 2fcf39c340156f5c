# fuzz regression (issue 9, fixed in parser/analysis.py): the old driver's _Collector.syntax_error converts CPython's character offsets (into the blanked line: one space per UTF-8 byte of the header list) with the original text's LineIndex, so after a non-ASCII list the column lies past the end of the line (source_text.parse_chunk reports offsets into the original line).
from tvm_tirx.script import tirx as T


@T.function
def clamp[é, ñ](X: T.Tensor((4,), T.float32)):
