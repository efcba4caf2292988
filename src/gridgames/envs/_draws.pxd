# Random draws in C from a NumPy BitGenerator, made exactly as
# numpy.random.Generator makes them, so that a batched board draws the same
# board as the single env with the same seed (its twin is NumPy itself; the
# tests compare the two).  Only the draws the envs use are here:
# integers(0, n) (Lemire's method, numpy's buffered_bounded_lemire_uint32),
# integers(0, 2**63) and choice(n, k, replace=False) (Floyd, then a shuffle).
# The tests compare every draw with NumPy's, so a NumPy that changes them is caught.
from libc.stdint cimport uint32_t, uint64_t

# numpy/random/bitgen.h, a stable ABI: the pointer in BitGenerator.capsule.
ctypedef struct bitgen_t:
    void *state
    uint64_t (*next_uint64)(void *st) noexcept nogil
    uint32_t (*next_uint32)(void *st) noexcept nogil
    double (*next_double)(void *st) noexcept nogil
    uint64_t (*next_raw)(void *st) noexcept nogil


cdef inline uint64_t bounded(bitgen_t *bg, uint64_t rng) noexcept nogil:
    """Uniform in 0..rng (rng < 2**32): Generator.integers(0, rng + 1)."""
    cdef uint32_t excl, leftover, threshold
    cdef uint64_t m
    if rng == 0:
        return 0
    if rng == 0xFFFFFFFFULL:
        return bg.next_uint32(bg.state)
    excl = <uint32_t>rng + 1
    m = <uint64_t>bg.next_uint32(bg.state) * excl
    leftover = <uint32_t>m
    if leftover < excl:
        threshold = (0xFFFFFFFFU - <uint32_t>rng) % excl
        while leftover < threshold:
            m = <uint64_t>bg.next_uint32(bg.state) * excl
            leftover = <uint32_t>m
    return m >> 32


cdef inline uint64_t below_2_63(bitgen_t *bg) noexcept nogil:
    """Generator.integers(0, 2**63): Lemire's 64-bit method with a bound of
    2**63 keeps the top 63 bits and never rejects."""
    return bg.next_uint64(bg.state) >> 1


cdef inline void choose(bitgen_t *bg, uint64_t pop, uint64_t size, unsigned char *chosen) noexcept nogil:
    """Generator.choice(pop, size, replace=False) for pop <= 10000 (Floyd's
    algorithm, then the shuffle of the picks, whose draws are made and
    dropped: only the set is used).  chosen[0:pop] must be zero; the picks
    are set to 1."""
    cdef long long j
    cdef uint64_t v
    for j in range(<long long>(pop - size), <long long>pop):
        v = bounded(bg, <uint64_t>j)
        if chosen[v]:
            v = <uint64_t>j
        chosen[v] = 1
    for j in range(<long long>size - 1, 0, -1):
        bounded(bg, <uint64_t>j)  # (its Fisher-Yates draws, 0..j)
