# Buffer sizes of the SameGame kernel, named once: raise MAX_ROWS/MAX_COLS
# here (e.g. 15x15 research boards) and every loop follows.
cpdef enum:
    MAX_ROWS = 10
    MAX_COLS = 40
    STRIDE = MAX_ROWS + 2                # one column, padded below and above
    NCELLS = (MAX_COLS + 2) * STRIDE     # all columns, padded left and right
    EMPTY = 10                           # no cell (never equal to a colour)

# Column-major with EMPTY borders: cell (r, c) is at c*STRIDE + r, so the four
# neighbours are i-1, i+1, i-STRIDE, i+STRIDE with no bounds tests.
ctypedef struct Grid:
    int m, n            # the original frame
    int ncols           # non-empty columns, all packed to the left
    int left            # cells remaining
    unsigned char cell[NCELLS]

cdef class State:
    cdef Grid g
