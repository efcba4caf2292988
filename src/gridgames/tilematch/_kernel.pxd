# Buffer sizes of the tile-match kernel, named once.  The contest needs
# 20 x 20 visible and 50 given rows; these are generous, and anything larger
# is refused with a limit error before a byte is written into a buffer.
cpdef enum:
    MAX_WIDTH = 64                      # columns W
    MAX_ROWS = 256                      # visible rows H, and given rows R
    NCELLS = MAX_WIDTH * MAX_ROWS
    EMPTY = 0                           # an empty cell, as in the input

# Column-major: cell (c, r) is at c*MAX_ROWS + r, row 0 at the bottom, so a
# column is one contiguous run of bytes and gravity is a compaction.
ctypedef struct Grid:
    int w, h            # the visible board
    int rows            # rows stored per column: max(R, H), hidden rows on top
    int k               # shortest run that is removed
    int tiles           # tiles left, hidden ones included
    unsigned char cell[NCELLS]

cdef class State:
    cdef Grid g
