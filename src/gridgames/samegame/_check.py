"""Argument checks shared by the kernel and its twin (each passes its own
capacities), so both refuse exactly the same boards with the same error."""

TYPE_CHECKING = False  # collections is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Iterable


def check_cells(rows: int, cols: int, cells: "Iterable[int]", max_rows: int, max_cols: int) -> list[int]:
    """Return ``cells`` as a list after checking the size and colours; ValueError."""
    if not (1 <= rows <= max_rows and 1 <= cols <= max_cols):
        raise ValueError(f"size {rows}x{cols} is outside 1..{max_rows} x 1..{max_cols}")
    cells = list(cells)
    if len(cells) != rows * cols or any(not 0 <= v <= 9 for v in cells):
        raise ValueError(f"need {rows * cols} cell values 0..9")
    return cells
