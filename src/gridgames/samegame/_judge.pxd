# What the SameGame judge loop expected when it met a bad token: the codes of
# samegame.EXPECTED (the twin reads them from here, see gridgames._limits).
cdef enum:
    E_ROWS = 1
    E_COLS = 2
    E_CELL = 3
    E_SEL_ROW = 4
    E_SEL_COL = 5
