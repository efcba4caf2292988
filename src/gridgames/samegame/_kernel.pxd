# Buffer sizes of the SameGame judge, named once (the research capacity of
# State and the search is in _board.pxd, with the board mechanics they share).
from gridgames.samegame._board cimport EMPTY, BigGrid

cpdef enum:
    MAX_ROWS = 10
    MAX_COLS = 40
    STRIDE = MAX_ROWS + 2                # one column, padded below and above
    NCELLS = (MAX_COLS + 2) * STRIDE     # all columns, padded left and right

# What the judge loop expected when it met a bad token: the codes of
# samegame.EXPECTED (the twin reads them from here, see gridgames._runtime.kernel_constants).
cpdef enum:
    E_ROWS = 1
    E_COLS = 2
    E_CELL = 3
    E_SEL_ROW = 4
    E_SEL_COL = 5

# Column-major with EMPTY borders: cell (r, c) is at c*STRIDE + r, so the four
# neighbours are i-1, i+1, i-STRIDE, i+STRIDE with no bounds tests.
ctypedef struct Grid:
    int m, n            # the original frame
    int ncols           # non-empty columns, all packed to the left
    int left            # cells remaining
    unsigned char cell[NCELLS]

cdef class State:
    cdef BigGrid g
    cdef long long score
