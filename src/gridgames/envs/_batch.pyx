"""Batched environments: one call steps N boards of a game with the GIL
released, writing observations, rewards, terminations, truncations and
action masks in place into the caller's NumPy arrays (``vector.py`` holds
them).  A board that ended is reset at its next step (Gymnasium's next-step
autoreset): that step's action is ignored and its reward is 0.  Board i
draws its boards from its own numpy Generator, in C (``_draws.pxd``),
exactly as a single env does, so a board's games do not depend on N.
The base class is here (declared in ``_batch.pxd``); each game's batch is
``_batch_GAME.pyx``, on the game's own kernels (their .pxd); the twins are
``_batch_pure.py`` and ``_batch_GAME_pure.py`` (N single envs)."""
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdlib cimport calloc, free
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from gridgames._runtime.random_source cimport u64, sm_uniform
from gridgames.envs._draws cimport bitgen_t


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    #define gg_popcount64(x) ((int)__popcnt64(x))
    #else
    #define gg_popcount64(x) __builtin_popcountll(x)
    #endif
    """
    int popcount64 "gg_popcount64"(uint64_t x) noexcept nogil


cdef class Batch:
    """N boards and the arrays they write: ``rewards`` (float64), and
    ``terminated``, ``truncated`` (N bytes) and ``masks`` (N x actions
    bytes), numpy bool arrays seen as uint8.  Each game adds its
    observation array and defines new_board, play and finished.
    (Its attributes and C methods are declared in _batch.pxd, for the games'
    batches, each a module of its own: ``_batch_GAME.pyx``.)"""

    def __init__(self, Py_ssize_t n, Py_ssize_t nact, long long max_steps,
                 rewards, terminated, truncated, masks):
        if n < 1 or self.done != NULL:
            raise ValueError("need 1 board or more (once)")
        self.n, self.nact, self.max_steps = n, nact, max_steps
        self.rewards, self.terminated, self.truncated, self.masks = rewards, terminated, truncated, masks
        if (self.rewards.shape[0] != n or self.terminated.shape[0] != n or self.truncated.shape[0] != n
                or self.masks.shape[0] != n or self.masks.shape[1] != nact):
            raise ValueError("the arrays do not fit n boards")
        self.done = <unsigned char *>calloc(n, 1)
        self.steps = <long long *>calloc(n, sizeof(long long))
        self.legal = <int *>calloc(n, sizeof(int))
        self.bitgens = <bitgen_t **>calloc(n, sizeof(bitgen_t *))
        if not (self.done and self.steps and self.legal and self.bitgens):
            raise MemoryError()

    def __dealloc__(self):
        free(self.done)
        free(self.steps)
        free(self.legal)
        free(self.bitgens)

    def seed(self, list generators not None):
        """Board i draws its boards from ``generators[i]`` (numpy Generators)."""
        cdef Py_ssize_t i
        if len(generators) != self.n:
            raise ValueError(f"need {self.n} generators")
        for i in range(self.n):
            self.bitgens[i] = <bitgen_t *>PyCapsule_GetPointer(
                generators[i].bit_generator.capsule, "BitGenerator")
        self.generators = generators  # (keeps the bit generators alive)

    def reset(self, Py_ssize_t i):
        """Board i starts its generator's next game now."""
        if not 0 <= i < self.n or self.generators is None:
            raise ValueError("reset(i) needs 0 <= i < n, after seed()")
        self.prepare(i)
        with nogil:
            self.fresh(i)

    def prepare(self, Py_ssize_t i):
        """What a new board needs done in Python (nothing, but in Number Link)."""

    def step(self, const long long[::1] actions not None, Py_ssize_t lo, Py_ssize_t hi):
        """Step boards lo..hi-1 with ``actions`` (one per board, all n)."""
        cdef Py_ssize_t i
        self._check(actions, lo, hi)
        if self.prepares:
            for i in range(lo, hi):
                if self.done[i]:
                    self.prepare(i)
        with nogil:
            self.advance(&actions[0], lo, hi)

    def play_random(self, u64[::1] states not None, long long[::1] actions not None,
                    Py_ssize_t rounds, Py_ssize_t lo, Py_ssize_t hi):
        """``rounds`` steps of boards lo..hi-1, each with a uniformly random
        legal action (0 when none is), from splitmix64 ``states`` (one per
        board), all with the GIL released (not for Number Link)."""
        cdef Py_ssize_t _round, i
        self._check(actions, lo, hi)
        if states.shape[0] != self.n or self.prepares:
            raise ValueError("need n states, and a game whose boards are made in C")
        with nogil:
            for _round in range(rounds):
                for i in range(lo, hi):
                    actions[i] = self.random_action(i, &states[i])
                self.advance(&actions[0], lo, hi)

    def _check(self, const long long[::1] actions, Py_ssize_t lo, Py_ssize_t hi):
        cdef Py_ssize_t i
        if actions.shape[0] != self.n or not 0 <= lo <= hi <= self.n or self.generators is None:
            raise ValueError(f"need {self.n} actions and 0 <= lo <= hi <= {self.n}, after seed()")
        for i in range(lo, hi):
            if not 0 <= actions[i] < self.nact:
                raise ValueError(f"action {actions[i]} of board {i} is outside 0..{self.nact - 1}")

    cdef long long random_action(self, Py_ssize_t i, u64 *state) noexcept nogil:
        """The k-th legal action, k uniform: whole 8-byte words of the mask
        are skipped by their count (mask bytes are 0 or 1)."""
        cdef const unsigned char *mask = &self.masks[i, 0]
        cdef long long a = 0, k, words = self.nact // 8
        cdef int count
        cdef uint64_t word
        if self.legal[i] == 0:
            return 0
        k = <long long>sm_uniform(state, <u64>self.legal[i])
        while a < words * 8:
            memcpy(&word, &mask[a], 8)
            count = popcount64(word)
            if k < count:
                break
            k -= count
            a += 8
        while a < self.nact:
            if mask[a]:
                if k == 0:
                    return a
                k -= 1
            a += 1
        return 0

    cdef void fresh(self, Py_ssize_t i) noexcept nogil:
        self.new_board(i)
        self.rewards[i] = 0.0
        self.terminated[i] = self.truncated[i] = self.done[i] = 0
        self.steps[i] = 0

    cdef void advance(self, const long long *actions, Py_ssize_t lo, Py_ssize_t hi) noexcept nogil:
        cdef Py_ssize_t i
        cdef long long a
        cdef bint end, cut
        for i in range(lo, hi):
            if self.done[i]:
                self.fresh(i)
                continue
            self.steps[i] += 1
            a = actions[i]
            self.rewards[i] = self.play(i, a) if self.masks[i, a] else 0.0  # illegal: no change
            end = self.finished(i) or self.legal[i] == 0  # stuck: the game is over too
            cut = not end and self.max_steps > 0 and self.steps[i] >= self.max_steps
            self.terminated[i], self.truncated[i], self.done[i] = end, cut, end or cut

    cdef void new_board(self, Py_ssize_t i) noexcept nogil:
        pass

    cdef double play(self, Py_ssize_t i, long long a) noexcept nogil:
        return 0.0

    cdef bint finished(self, Py_ssize_t i) noexcept nogil:
        return False
