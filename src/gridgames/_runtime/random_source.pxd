# The project's portable random source, shared by every kernel (Number Link's
# generator, the SameGame search): splitmix64 (Steele, Lea and Flood 2014;
# Vigna's reference splitmix64.c) on 64-bit unsigned integers, so results do
# not depend on the platform.  Its pure-Python twin is random_source_pure.py.

ctypedef unsigned long long u64


cdef inline u64 sm_next(u64 *state) noexcept nogil:
    cdef u64 z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline u64 sm_uniform(u64 *state, u64 bound) noexcept nogil:
    """Uniform in 0..bound-1 (bound >= 1), with no modulo bias: the
    2**64 mod bound lowest outputs are drawn again, then x mod bound."""
    cdef u64 zero = 0
    cdef u64 threshold = (zero - bound) % bound  # 2**64 mod bound
    cdef u64 x
    while True:
        x = sm_next(state)
        if x >= threshold:
            return x % bound


cdef inline double sm_unit(u64 *state) noexcept nogil:
    """Uniform in [0, 1): the top 53 bits of one output, exactly."""
    return <double>(sm_next(state) >> 11) * (1.0 / 9007199254740992.0)
