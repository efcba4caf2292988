# Codes of the gopher deduction solver (_solve.pyx; its twin _solve_pure.py
# reads them here through gridgames._runtime.kernel_constants.constants).
cpdef enum:
    RUNNING = 0     # rounds are left to play
    CLEARED = 1     # every safe patch is inspected
    STUCK = 2       # no patch is provably safe
    FELL = 3        # the first pick (a guess) was a hole
    GAVE_UP = 4     # the exact stage ran out of its node budget

# Chebyshev reach of one fact: a rule at patch c reads the patches around c
# and around every constraint d within 2 of c, so a change at x matters to
# every constraint within 3 of x.
cpdef enum:
    PAIR_REACH = 2
    CHANGE_REACH = 3

# The exact stage gives up (GAVE_UP) rather than build a table larger than
# this many bytes: a component's (count x cell) table, or the count sets of
# the components combined with the global count.
cpdef enum:
    MAX_TABLE = 1 << 26
