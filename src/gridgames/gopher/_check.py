"""Argument checks shared by the kernel and its twin (each passes its own
capacities), so both refuse exactly the same fields with the same error."""
from collections.abc import Iterable


def check_field(rows: int, cols: int, holes: Iterable[tuple[int, int]], max_rows: int, max_cols: int
                ) -> list[tuple[int, int]]:
    """Return ``holes`` as a list of (row, col) after checking the size and
    that every hole is inside the field; ValueError."""
    if not (1 <= rows <= max_rows and 1 <= cols <= max_cols):
        raise ValueError(f"size {rows}x{cols} is outside 1..{max_rows} x 1..{max_cols}")
    spots = [(r, c) for r, c in holes]
    for r, c in spots:
        if not (1 <= r <= rows and 1 <= c <= cols):
            raise ValueError(f"hole ({r}, {c}) is outside the {rows}x{cols} field")
    return spots
