"""Argument checks and the warning text shared by the kernel and its twin
(each passes its own capacities), so both refuse exactly the same fields
with the same error and warn in the same words."""

TYPE_CHECKING = False  # collections is not imported at run time: a judge starts fast
if TYPE_CHECKING:
    from collections.abc import Iterable

# The warning of a processed pick outside its field, written once: the twin and
# gopher.PickWarning format it, the kernel writes its literal pieces around the
# fields (in this order: it writes no names), gopher reads the kernels' lines
# back with a pattern made from it.  ``text`` is the pick as written, cut like
# the tokens of error messages.
PICK_WARNING = ("{line}:{column}: game {game}, pick {pick}: warning: pick '{text}' is outside "
                "the {rows}x{cols} field; nothing changes")
PICK_WARNING_FIELDS = ("line", "column", "game", "pick", "text", "rows", "cols")
# The literal text before each field, then after the last one (split by hand: string.Formatter
# would import re, which a judge starts without).
_SPLIT = PICK_WARNING.split("{")
PICK_WARNING_PIECES = (_SPLIT[0], *(piece.partition("}")[2] for piece in _SPLIT[1:]))
if tuple(piece.partition("}")[0] for piece in _SPLIT[1:]) != PICK_WARNING_FIELDS:
    raise AssertionError("PICK_WARNING must name PICK_WARNING_FIELDS, in that order")


def check_field(rows: int, cols: int, holes: "Iterable[tuple[int, int]]", max_rows: int, max_cols: int
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
