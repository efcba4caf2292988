"""Board validation shared by the kernel and its twin (each passes its own
capacities), so both refuse exactly the same boards."""

from .._runtime.kernel_constants import constants

TYPE_CHECKING = False  # collections is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Iterable

HUGE = constants("_runtime/scanner.pxd").HUGE  # (not from the twin scanner_pure.py: a judge starts without re)


def check_board(w: int, h: int, k: int, nrows: int, cells: "Iterable[int]", max_width: int, max_rows: int
                ) -> list[int]:
    """Return ``cells`` as a list after checking sizes and tiles; ValueError."""
    if not (1 <= w <= max_width and 1 <= h <= max_rows):
        raise ValueError(f"board {w}x{h} is outside 1..{max_width} x 1..{max_rows}")
    if not 0 <= nrows <= max_rows:
        raise ValueError(f"{nrows} given rows is outside 0..{max_rows}")
    if not 2 <= k <= HUGE:
        raise ValueError(f"run length {k} is outside 2..{HUGE}")
    cells = list(cells)
    if len(cells) != nrows * w or any(not 0 <= v <= 9 for v in cells):
        raise ValueError(f"need {nrows * w} tiles 0..9")
    return cells
