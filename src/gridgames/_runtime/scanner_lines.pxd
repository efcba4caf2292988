# The fast paths of the judge formats' commonest lines, beside the general
# scanner of scanner.pxd: a whole line or board row read in one step, with the
# scanner left as the token-by-token calls would leave it, or nothing read
# (the general path then reads it, and reports what is wrong with it).  Per
# token they save the scanner's bookkeeping, which a store into the board
# between two next_int() calls makes the compiler reload.  No twin: the pure
# scanner (scanner_pure.py) reads these lines token by token, to the same result.
from gridgames._runtime.scanner cimport Scanner, is_digit, is_space


cdef inline int short_uint(const unsigned char *q, long long *v) noexcept nogil:
    """The length of the 1..3 digits at q (their value in v), or 0."""
    if not is_digit(q[0]):
        return 0
    v[0] = q[0] - 48
    if not is_digit(q[1]):
        return 1
    v[0] = v[0] * 10 + (q[1] - 48)
    if not is_digit(q[2]):
        return 2
    v[0] = v[0] * 10 + (q[2] - 48)
    return 3


cdef inline bint pair_line(Scanner *s, long long *a, long long *b, long long max_a,
                           long long max_b) noexcept nogil:
    """The fast path of the commonest line, 'A B' LF (1..3 digits each, one
    space between) at the start of a line, with A in 1..max_a and B in
    1..max_b (any values when max_a is 0): read A, B and the end of the
    line, leaving the scanner as three next_int_line() calls would (the
    third at the LF: TOK_EOF); False, with nothing read, for any other line
    or near the end of the window (the general path then reads it, and
    reports what is wrong with it)."""
    cdef const unsigned char *q = s.buf + s.pos
    cdef int i, j
    if s.n - s.pos < 8:
        return False
    i = short_uint(q, a)
    if i == 0 or q[i] != 32:
        return False
    j = short_uint(q + i + 1, b)
    if j == 0 or q[i + 1 + j] != 10:
        return False
    if max_a and not (1 <= a[0] <= max_a and 1 <= b[0] <= max_b):
        return False
    s.prev = s.base + s.pos
    s.tok = s.prev + i + 1
    s.pos += i + 1 + j
    s.start = s.base + s.pos
    s.at_token = False
    return True


cdef inline int digit_row(Scanner *s, int count, unsigned char *out, int step) noexcept nogil:
    """The fast path of a board row, ``count`` one-digit cells (tile-match
    tiles, SameGame colours): each digit after one separator (the first
    after at most one), the byte after the last a separator, all in the
    window.  Stores the digits at out[0], out[step], ... and leaves the
    scanner as ``count`` next_int() calls would; returns how many are not 0.
    -1, with nothing read, for any other row (the general path then reads
    it, storing over what this stored, and reports what is wrong with it).
    Per token it saves next_int's stores into the scanner, which a store
    into the board forces it to reload."""
    cdef const unsigned char *b = s.buf
    cdef Py_ssize_t p = s.pos, j
    cdef int nonzero = 0
    cdef unsigned char v
    if count < 1 or s.n - p < 2 * count + 2:
        return -1
    p += is_space(b[p])
    for j in range(count):
        v = b[p + 2 * j] - 48
        if v > 9 or not is_space(b[p + 2 * j + 1]):
            return -1
        out[j * step] = v
        nonzero += v != 0
    s.prev = s.base + p + 2 * (count - 2) if count > 1 else s.tok
    s.tok = s.start = s.base + p + 2 * (count - 1)
    s.at_token = True
    s.pos = p + 2 * count - 1
    return nonzero


cdef inline bint short_ints(Scanner *s, int count, long long *out) noexcept nogil:
    """The fast path of ``count`` (at most 4) short tokens, 1..3 digits each
    after one separator (the first after at most one), a tile-match move or
    a SameGame selection: their values in out[0:count], the scanner left as
    ``count`` next_int() calls would leave it.  False, with nothing read,
    for anything else (the general path then reads them)."""
    cdef const unsigned char *b = s.buf
    cdef Py_ssize_t p = s.pos
    cdef Py_ssize_t at[4]
    cdef int j, k
    if s.n - p < 4 * count + 2:
        return False
    p += is_space(b[p])
    for j in range(count):
        k = short_uint(b + p, &out[j])
        if k == 0 or not is_space(b[p + k]):
            return False
        at[j] = p
        p += k + 1
    s.prev = s.base + at[count - 2] if count > 1 else s.tok
    s.tok = s.start = s.base + at[count - 1]
    s.at_token = True
    s.pos = p - 1
    return True
