# The base of the batched environments (_batch.pyx), declared for the games'
# batches (_batch_GAME.pyx), each a module of its own that subclasses it.
from gridgames._runtime.random_source cimport u64
from gridgames.envs._draws cimport bitgen_t


cdef class Batch:
    cdef Py_ssize_t n, nact
    cdef long long max_steps         # 0: no step budget
    cdef double[::1] rewards
    cdef unsigned char[::1] terminated, truncated
    cdef unsigned char[:, ::1] masks
    cdef unsigned char *done         # ended: reset at its next step
    cdef long long *steps            # steps in this episode
    cdef int *legal                  # legal actions now
    cdef bitgen_t **bitgens
    cdef list generators
    cdef bint prepares               # new boards need Python first (prepare)

    cdef long long random_action(self, Py_ssize_t i, u64 *state) noexcept nogil
    cdef void fresh(self, Py_ssize_t i) noexcept nogil
    cdef void advance(self, const long long *actions, Py_ssize_t lo, Py_ssize_t hi) noexcept nogil
    cdef void new_board(self, Py_ssize_t i) noexcept nogil
    cdef double play(self, Py_ssize_t i, long long a) noexcept nogil
    cdef bint finished(self, Py_ssize_t i) noexcept nogil
