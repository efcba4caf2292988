# Buffer sizes of the gopher-hole kernel, named once: raise MAX_ROWS/MAX_COLS
# here and every loop and bound follows.
cpdef enum:
    MAX_ROWS = 100
    MAX_COLS = 100
    NCELLS = (MAX_ROWS + 2) * (MAX_COLS + 3)  # the largest fenced board, fences included
    BOARD_OUT_MAX = NCELLS                     # one fenced board, bounded

# What pick() returns besides the number of patches it inspected (0: no change).
cpdef enum:
    PICK_FELL = -1       # the patch was a hole: the game is over
    PICK_OUTSIDE = -2    # the coordinate is not in the field

# What the judge loop expected when it met bad input (see gopher.EXPECTED).
# Each 'A B' line has three codes in a row (bad A, bad B, a third token).
cpdef enum:
    E_ROWS = 1
    E_COLS = 2
    E_HEADER_END = 3
    E_NHOLES = 4
    E_NHOLES_END = 5
    E_HOLE_ROW = 6
    E_HOLE_COL = 7
    E_HOLE_END = 8
    E_PICK_ROW = 9
    E_PICK_COL = 10
    E_PICK_END = 11

# The field is its rendered text: ``shown`` holds the fenced board as the
# judge prints it, rows of stride = cols + 3 bytes ('|', the patches, '|',
# LF) between two fences ('+', '-' * cols, '+', LF).  Patch (r, c) is at
# r*stride + c, so the eight neighbours are i +- 1, i +- stride,
# i +- stride +- 1 with no bounds tests; fence bytes are never '#', so the
# flood stops there by itself, and printing a board is one memcpy of the
# (rows + 2) * stride bytes (a pick rewrites only the patches it reveals).
# hole and near use the same layout (0 on the fences).
ctypedef struct Patches:
    int rows, cols
    int stride                     # cols + 3: one row of the text
    int safe_left                  # safe patches not inspected yet
    int fell_at                    # index of the hole fallen into, or -1
    unsigned char hole[NCELLS]     # 1 at a gopher hole
    unsigned char near[NCELLS]     # holes among the 8 neighbours
    unsigned char shown[NCELLS]    # the fenced board text: each patch's board character

cdef class State:
    cdef Patches f

# The field's mechanics, shared with the batched env (gridgames/envs/_batch.pyx).
cdef void field_clear(Patches *f, int rows, int cols) noexcept nogil
cdef void add_hole(Patches *f, int r, int c) noexcept nogil
cdef int pick(Patches *f, long long r, long long c, int *queue) noexcept nogil
