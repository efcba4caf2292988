# The judge-format integer scanner shared by every compiled kernel.
# Inline functions in a .pxd are compiled into each kernel that cimports
# them, so the hot loop pays no cross-module call.  Its twin is _scan.py.
#
# Only positions are tracked: line and column are worked out from the byte
# offset when an error is reported (gridgames._judge.locate).

cdef enum:
    TOK_EOF = 0      # no token left
    TOK_INT = 1      # digits only
    TOK_NEG = 2      # '-' then digits
    TOK_BAD = 3      # anything else (letters, '1.5', '+3', non-UTF-8 bytes)
    HUGE = 1000000000  # values are saturated here: 40 digits cannot overflow

ctypedef struct Scanner:
    const unsigned char *buf
    Py_ssize_t n
    Py_ssize_t pos     # next byte to read
    Py_ssize_t start   # offset of the last token read

cdef inline bint is_space(unsigned char ch) noexcept nogil:
    # The same set as bytes.split(): space, \t \n \v \f \r.
    return ch == 32 or (ch >= 9 and ch <= 13)

cdef inline int next_int(Scanner *s, long long *value) noexcept nogil:
    cdef const unsigned char *b = s.buf
    cdef Py_ssize_t p = s.pos, n = s.n
    cdef long long v = 0
    cdef int kind = TOK_INT
    cdef unsigned char ch
    while p < n and is_space(b[p]):
        p += 1
    s.start = p
    if p == n:
        s.pos = p
        return TOK_EOF
    if b[p] == 45:  # '-'
        kind = TOK_NEG
        p += 1
        if p == n or is_space(b[p]):
            kind = TOK_BAD
    while p < n:
        ch = b[p]
        if ch >= 48 and ch <= 57:  # '0'..'9'
            if v < HUGE:
                v = v * 10 + (ch - 48)
        elif is_space(ch):
            break
        else:
            kind = TOK_BAD
        p += 1
    s.pos = p
    if v > HUGE:
        v = HUGE
    value[0] = -v if kind == TOK_NEG else v
    return kind
