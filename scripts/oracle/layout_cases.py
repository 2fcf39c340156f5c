"""Layout expressions, one per case, in the reference's spelling (`T.S`, `T.R`, `@`, `+`,
`T.TileLayout`, `T.ComposeLayout`): record_layouts.py records what the reference prints for each
(or the error it raises), tests/python/script/test_oracle_layouts.py checks ours against the
record. Every case is ours, written for this project."""

from __future__ import annotations

from typing import Dict

LANE = 'T.Axis.get("laneid")'
WARP = 'T.Axis.get("warpid")'

CASES: Dict[str, str] = {
    "row_major/two": "T.TileLayout(T.S[8, 16])",
    "row_major/one": "T.TileLayout(T.S[8])",
    "row_major/past_int32": "T.TileLayout(T.S[4, 65536, 65536])",
    "row_major/int64_extent": "T.TileLayout(T.S[(T.int64(8), 4)])",
    "row_major/large_extent": "T.TileLayout(T.S[(2, 3000000000)])",
    "row_major/empty": "T.TileLayout(T.S[()])",
    "strides/plain": "T.TileLayout(T.S[(8, 16):(16, 1)])",
    "strides/int64": "T.TileLayout(T.S[(8, 4):(T.int64(4), 1)])",
    "strides/negative": "T.TileLayout(T.S[8:-1] + (-3))",
    "strides/product": "T.TileLayout(T.S[(64, 64, 4):(64, 1, 64 * 64)])",
    "axes/lane_and_memory": f"T.TileLayout(T.S[(8, 8, 8, 4, 2):(6, 4 @ {LANE}, 2, 1 @ {LANE}, 1)])",
    "axes/tensor_memory": 'T.TileLayout(T.S[(128, 2, 64):(1 @ T.Axis.get("TLane"), '
                          '64 @ T.Axis.get("TLane"), 1 @ T.Axis.get("TCol"))])',
    "axes/trainium": 'T.TileLayout(T.S[(128, 512):(1 @ T.Axis.get("P"), 1 @ T.Axis.get("F"))])',
    "replica/lanes": f"T.TileLayout(T.S[8:4 @ {LANE}] + T.R[4:1 @ {LANE}])",
    "replica/extents_alone": "T.TileLayout(T.R[2, 4])",
    "replica/last_wins": "T.TileLayout(T.S[4] + T.R[2] + T.S[8] + T.R[3])",
    "replica/several": f"T.TileLayout(T.S[(1,):(1,)] + T.R[(8, 4):(4 @ {LANE}, 1 @ {LANE})] "
                       f"+ 2 @ {WARP})",
    "offset/sorted": f"T.TileLayout(T.S[8:4 @ {LANE}] + 1 @ {LANE} + 2 @ {WARP} + 64)",
    "offset/summed": f"T.TileLayout(T.S[8] + 1 @ {LANE} + 2 @ {LANE} + 3 + 4)",
    "offset/before": "T.TileLayout(5 + T.S[4])",
    "from_iters/explicit": 'T.TileLayout.from_iters(shard=[T.Iter(4, 2, "tx")], '
                           'offset={"m": 1})',
    "from_iters/origin_only": 'T.TileLayout.from_iters(offset={"laneid": 1})',
    "compose/default": "T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(512,)]))",
    "compose/outer": "T.ComposeLayout(0, 2, 3, T.TileLayout(T.S[8, 8]), swizzle_inner=False)",
    "compose/masks": "T.ComposeLayout(3, 3, 4, T.TileLayout(T.S[8, 8])).outer_mask",
    "iter/alone": 'T.Iter(8, 1, "laneid")',
    "error/compose_atom": "T.ComposeLayout(0, 3, 2, T.TileLayout(T.S[8, 8]))",
    "error/compose_tile": "T.ComposeLayout(0, 2, 3, 5)",
}
"""Case name -> expression (evaluated with `T` the script namespace)."""


def answer(T, expression: str) -> Dict[str, object]:  # noqa: N803 - the namespace's name
    """What one side makes of an expression: its print, or its error's kind."""
    try:
        value = eval(expression, {"T": T})  # noqa: S307 - our own case text, never user input
    except Exception as error:  # noqa: BLE001 - the kind is the answer
        return {"error": type(error).__name__}
    return {"print": str(value)}
