# Sizes and codes of the SameGame search kernel, named once: _search.pyx
# compiles them in, its twin and samegame._single read them (gridgames._runtime.kernel_constants).
from gridgames.samegame._board cimport BIG_ROWS, BIG_COLS

cpdef enum:
    MAX_MOVES = BIG_ROWS * BIG_COLS // 2  # regions of 2+ cells, and moves in a game
    RUNNING = 0                            # Search.stopped: why a search ended early
    STOPPED_TIME = 1
    STOPPED_FLAG = 2
    STOPPED_INTERRUPT = 3
    ALGO_RANDOM = 0
    ALGO_NMCS = 1
    ALGO_NRPA = 2
    ALGO_BEAM = 3
    ALGO_BEAM_EVAL = 4
    ALGO_NMCS_BEAM = 5
    MAX_WIDTH = 100000                     # the evaluated beam's widest layer
    POLICY_BITS = 17                       # NRPA's policy: 2**17 weights, indexed by move code
    POLICY_SIZE = 1 << POLICY_BITS
    TABU_FREE_DEPTH = 10                   # after this many moves, tabu pairs are allowed
    MAX_LEVEL = 10                         # NMCS's and NRPA's deepest level
    PRIOR_FEATURES = 9                     # a learned prior's features of a move (see move_features)
