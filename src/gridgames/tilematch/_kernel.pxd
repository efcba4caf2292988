# Buffer sizes of the tile-match kernel, named once.  The contest needs
# 20 x 20 visible and 50 given rows; these are generous, and anything larger
# is refused with a limit error before a byte is written into a buffer.
cpdef enum:
    MAX_WIDTH = 64                      # columns W (a move code keeps 6 bits of column)
    MAX_ROWS = 256                      # visible rows H, and given rows R (8 bits of row)
    NCELLS = MAX_WIDTH * MAX_ROWS
    EMPTY = 0                           # an empty cell, as in the input

# What the judge loop expected when it met a bad token (see tilematch.EXPECTED).
cpdef enum:
    E_COUNT = 1      # D
    E_MISSING = 2    # end of input where a data set should start
    E_WIDTH = 3
    E_HEIGHT = 4
    E_RUN = 5        # K
    E_ROWS = 6       # R
    E_TILE = 7
    E_MOVES = 8      # M
    E_MOVE = 9       # a move coordinate
    FAR = 32767      # move coordinates are clamped to -1..FAR: off the board either way

# A data set's moves are read and checked before it is played, each kept as
# a 16-bit code (move_code in _judge_loop.pxi): SPILL of them in memory, the
# rest in a temporary file, so memory stays bounded however many there are.
cpdef enum:
    SPILL = 1 << 18
    MOVE_OFF = 0xFFFF  # never a valid move: off the board, or not to an adjacent square

# Column-major: cell (c, r) is at c*MAX_ROWS + r, row 0 at the bottom, so a
# column is one contiguous run of bytes and gravity is a compaction.
# Where a settling is (see settle_next in _kernel.pyx).
ctypedef struct Settling:
    int quiet           # phases in a row that changed nothing
    bint drops          # the next phase is a drop phase
    bint cleared        # the last phase removed the last tile
    bint done

# Each phase looks only where something changed (bit c of a mask: column c,
# so MAX_WIDTH is at most 64): most moves change two cells of a large board.
ctypedef struct Grid:
    int w, h            # the visible board
    int rows            # rows stored per column: max(R, H), hidden rows on top
    int k               # shortest run that is removed
    int tiles           # tiles left, hidden ones included
    unsigned long long loose    # columns that may hold a tile above an empty cell
    unsigned long long changed  # columns with a cell changed since the last elimination,
    int lo, hi                  # and the lowest and highest row changed (lo > hi: none)
    # The judge keeps the rendered board (only changed cells are rewritten): text (NULL elsewhere)
    # holds it, row r's column-0 tile at at[r] and column c's 4 bytes on;
    # every cell written (set_cell) rewrites its byte there.
    char *text
    int size
    int at[MAX_ROWS]
    unsigned char cell[NCELLS]

cdef class State:
    cdef Grid g
    cdef Settling st

# The board's mechanics, shared with the batched env (gridgames/envs/_batch.pyx).
cdef void grid_clear(Grid *g, int w, int h, int rows, int k) noexcept nogil
cdef bint grid_move(Grid *g, long long c1, long long r1, long long c2, long long r2) noexcept nogil
cdef int settle_next(Grid *g, Settling *st) noexcept nogil
