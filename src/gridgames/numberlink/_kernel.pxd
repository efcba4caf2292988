# Limits and square codes of the Number Link kernel, named once.  MAX_SIDE
# bounds rows and columns (so a board has at most 10**6 squares and every
# index, edge id and path number fits a C int).
cpdef enum:
    MAX_SIDE = 1000
    EMPTY = 0        # puzzle: a square to fill; solution: on no path (a gap)
    SOLID = -1       # a solid square (never on a path)

# The checker's rules, in the order they are tried (see numberlink.RULES).
cpdef enum:
    R_SIZE = 0           # the sizes agree (numberlink.check tests it, not the kernel)
    R_SOLID = 1          # a solid square of the puzzle stays solid
    R_COVERED = 2        # every other square is on a path
    R_ENDPOINT = 3       # an endpoint is on the path of its own number
    R_NUMBER = 4         # every path number has endpoints in the puzzle
    R_END_DEGREE = 5     # an endpoint has exactly one neighbour on its path
    R_DEGREE = 6         # any other path square has exactly two
    R_LOOP = 7           # every path square is on the chain between the endpoints
