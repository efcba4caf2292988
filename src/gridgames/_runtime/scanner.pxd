# The judge-format integer scanner shared by every compiled kernel; its twin
# is scanner_pure.py.  Inline functions in a .pxd are compiled into each kernel that
# cimports them, so the hot loop pays no cross-module call.
#
# Input is a whole buffer (bytes-like: read in place) or a binary file read in
# READ_CHUNK pieces into one window, so memory is bounded whatever the input
# size: a token that straddles two pieces is kept whole when short, and folded
# on the fly when longer than KEEP_MAX (its value saturates; its first bytes
# are saved for messages).  Newlines are counted once, as bytes leave the
# window, so the line and column of a token (locate) cost linear time overall.
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_SIMPLE
from cpython.memoryview cimport PyMemoryView_FromMemory
from cpython.buffer cimport PyBUF_WRITE
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from libc.stdlib cimport malloc, free
from libc.string cimport memchr, memcpy, memmove

cdef enum:
    TOK_EOF = 0      # no token left (in line mode: none left on this line)
    TOK_INT = 1      # digits only
    TOK_NEG = 2      # '-' then digits
    TOK_BAD = 3      # anything else (letters, '1.5', '+3', non-UTF-8 bytes)
    HUGE = 1000000000  # values are saturated here: 40 digits cannot overflow
    SHOWN = 24       # longest token quoted in a message
    READ_CHUNK = 1 << 20
    KEEP_MAX = 4096  # a token in progress longer than this is folded, not kept

ctypedef struct Scanner:
    const unsigned char *buf   # the window: input bytes base .. base + n
    Py_ssize_t n, pos          # window length, next byte to read (window index)
    Py_ssize_t base            # absolute offset of buf[0]
    Py_ssize_t start           # absolute offset of the last token, end of line or end of input
    Py_ssize_t tok, prev       # absolute offsets of the last two tokens (-1: none)
    bint at_token              # start is the last token (else a position with no token)
    bint eof                   # nothing after the window
    unsigned char before       # the byte before buf[0] (CR LF across two pieces)
    # streaming only
    PyObject *src              # a binary file (readinto), or NULL for a whole buffer
    unsigned char *own
    Py_ssize_t cap
    PyObject *error            # what the file raised (owned)
    Py_buffer view             # the whole buffer, when not streaming
    bint has_view
    bint fresh                 # next_line has not been called yet
    # newline bookkeeping, absolute offsets: newlines before `counted` are counted
    Py_ssize_t counted, line_start
    long long nlines
    # tokens that left the window: (start, line, column, head) saved for messages
    Py_ssize_t saved_at[2]
    long long saved_line[2]
    Py_ssize_t saved_col[2]
    int saved_len[2]           # head bytes kept; SHOWN + 1 means 'longer than shown'
    unsigned char saved_head[2][SHOWN + 1]


cdef inline bint is_space(unsigned char ch) noexcept nogil:
    # The same set as bytes.split(): space, \t \n \v \f \r.
    return ch == 32 or (ch >= 9 and ch <= 13)


cdef inline bint is_digit(unsigned char ch) noexcept nogil:
    return <unsigned char>(ch - 48) <= 9


cdef inline int scan_open(Scanner *s, object src) except -1:
    """Scan ``src``: an object with readinto (a binary file, streamed) or a
    C-contiguous buffer (read in place)."""
    s.pos = s.base = s.start = s.counted = s.line_start = s.nlines = 0
    s.tok = s.prev = -1
    s.at_token = False
    s.before = 10
    s.src = NULL
    s.own = NULL
    s.error = NULL
    s.has_view = False
    s.fresh = True
    s.saved_at[0] = s.saved_at[1] = -2  # no token is at -2 (-1 means 'none')
    if hasattr(src, "readinto"):
        s.cap = READ_CHUNK + KEEP_MAX
        s.own = <unsigned char *>malloc(s.cap)
        if s.own == NULL:
            raise MemoryError()
        s.src = <PyObject *>src
        s.buf = s.own
        s.n = 0
        s.eof = False
    else:
        PyObject_GetBuffer(src, &s.view, PyBUF_SIMPLE)
        s.has_view = True
        s.buf = <const unsigned char *>s.view.buf
        s.n = s.view.len
        s.eof = True
    return 0


cdef inline int scan_close(Scanner *s) except -1:
    """Free the window; raise what the file raised, if anything."""
    cdef object exc
    free(s.own)
    s.own = NULL
    if s.has_view:
        PyBuffer_Release(&s.view)
        s.has_view = False
    if s.error != NULL:
        exc = <object>s.error
        Py_XDECREF(s.error)
        s.error = NULL
        raise exc
    return 0


cdef inline void count_lines(Scanner *s, Py_ssize_t upto) noexcept nogil:
    """Count the newlines before the absolute offset ``upto`` (in the window)."""
    cdef const unsigned char *p = s.buf + (s.counted - s.base)
    cdef const unsigned char *end = s.buf + (upto - s.base)
    cdef Py_ssize_t i, j, k, n = end - p, found = 0
    cdef unsigned char block
    if n <= 0:
        return
    # No branch, no call per line: the C compiler vectorizes the inner loop.
    # Counted in blocks of 240 bytes into one byte, so the vector lanes stay
    # bytes (a Py_ssize_t sum widened every lane: 5x the instructions).
    for j in range(0, n, 240):
        k = min(240, n - j)
        block = 0
        for i in range(k):
            block += p[j + i] == 10
        found += block
    if found:
        s.nlines += found
        while (end - 1)[0] != 10:  # the last line's start: a short walk back
            end -= 1
        s.line_start = s.base + (end - s.buf)
    s.counted = upto


cdef inline int saved_slot(Scanner *s, Py_ssize_t at) noexcept nogil:
    if s.saved_at[0] == at:
        return 0
    if s.saved_at[1] == at:
        return 1
    return -1


cdef inline void save_token(Scanner *s, Py_ssize_t at) noexcept nogil:
    """Keep line, column and first bytes of the token at ``at`` (in the
    window, reaching its end or the window's) before it leaves the window."""
    cdef int k
    cdef Py_ssize_t i = at - s.base, m = 0
    if at < 0 or at < s.base or saved_slot(s, at) >= 0:
        return
    k = 0 if s.saved_at[0] != s.prev and s.saved_at[0] != s.tok else 1
    count_lines(s, at)
    s.saved_at[k] = at
    s.saved_line[k] = s.nlines + 1
    s.saved_col[k] = at - s.line_start + 1
    while i + m < s.n and m <= SHOWN and not is_space(s.buf[i + m]):
        s.saved_head[k][m] = s.buf[i + m]
        m += 1
    s.saved_len[k] = <int>m


cdef inline Py_ssize_t refill(Scanner *s, Py_ssize_t keep) noexcept with gil:
    """Read more input after the window, keeping its bytes from window index
    ``keep`` on (a token in progress, if short); returns how far the window
    moved (subtract it from window indexes), or -1 at the end of input."""
    cdef Py_ssize_t got, pi, ti
    if s.eof:
        return -1
    # The last two tokens are kept in the window while they are short;
    # otherwise they are saved for messages and dropped.
    pi = s.prev - s.base
    ti = s.tok - s.base
    if 0 <= pi < keep and s.n - pi <= KEEP_MAX:
        keep = pi
    elif 0 <= ti < keep and s.n - ti <= KEEP_MAX:
        keep = ti
    if s.n - keep > KEEP_MAX:
        keep = s.n
    if 0 <= pi < keep:
        save_token(s, s.prev)
    if 0 <= ti < keep:
        save_token(s, s.tok)
    count_lines(s, s.base + keep)
    if keep > 0:
        s.before = s.buf[keep - 1]
    memmove(s.own, s.own + keep, s.n - keep)
    s.base += keep
    s.n -= keep
    s.pos -= keep
    try:
        got = (<object>s.src).readinto(PyMemoryView_FromMemory(
            <char *>s.own + s.n, s.cap - s.n, PyBUF_WRITE)) or 0
    except BaseException as exc:
        Py_INCREF(exc)
        s.error = <PyObject *>exc
        got = 0
    if got <= 0:
        s.eof = True
    s.n += got
    return keep


cdef inline int scan(Scanner *s, long long *value, bint line_mode) noexcept nogil:
    """The next integer token.  In line mode a newline ends the search: at
    the end of a line, TOK_EOF with start at its LF (or at the CR of a CR LF),
    and the LF is left for next_line."""
    cdef const unsigned char *b = s.buf
    cdef Py_ssize_t p = s.pos, n = s.n, t, moved
    cdef long long v = 0
    cdef int kind = TOK_INT
    cdef unsigned char ch
    # The common tokens first: at most one separator, then one or two digits
    # and a separator, all in the window; no loop, no refill test (the
    # general path below takes a mispredicted branch at each of its exits).
    if n - p >= 4:
        ch = b[p]
        p += is_space(ch) and not (line_mode and ch == 10)
        t = p + 1
        if is_digit(b[p]):
            v = b[p] - 48
            if not is_space(b[t]) and is_digit(b[t]):  # one digit is the most common
                v = v * 10 + (b[t] - 48)
                t += 1
            if is_space(b[t]):
                s.prev = s.tok
                s.tok = s.start = s.base + p
                s.at_token = True
                s.pos = t
                value[0] = v
                return TOK_INT
            v = 0
        p = s.pos
    while True:
        while p < n and is_space(b[p]) and not (line_mode and b[p] == 10):
            p += 1
        if p < n or s.eof:
            break
        s.pos = p
        moved = refill(s, n)
        p = s.pos
        n = s.n
        b = s.buf
    s.pos = p
    if p == n or (line_mode and b[p] == 10):
        s.at_token = False
        s.start = s.base + p
        if line_mode and (b[p - 1] if p > 0 else s.before) == 13 and s.start > 0:
            s.start -= 1  # the line ends at the CR of a CR LF
        return TOK_EOF
    t = p
    s.prev = s.tok
    s.tok = s.start = s.base + p
    s.at_token = True
    if b[p] == 45:  # '-'
        kind = TOK_NEG
        p += 1
    while True:
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
        if p < n or s.eof:
            break
        if kind == TOK_BAD and p - t > SHOWN:
            break  # enough is known: a bad token ends the run (its rest may never end: /dev/zero)
        s.pos = p
        moved = refill(s, t)  # the token goes on in the next piece
        if moved < 0:
            break
        t -= moved
        p = s.pos
        n = s.n
        b = s.buf
    s.pos = p
    if kind == TOK_NEG and p - t == 1:
        kind = TOK_BAD  # '-' alone
    if v > HUGE:
        v = HUGE
    value[0] = -v if kind == TOK_NEG else v
    return kind


cdef inline int next_int(Scanner *s, long long *value) noexcept nogil:
    return scan(s, value, False)


cdef inline int next_int_line(Scanner *s, long long *value) noexcept nogil:
    return scan(s, value, True)


cdef inline bint next_line(Scanner *s) noexcept nogil:
    """Go to the start of the next line (the first call: of the first line);
    False (and start at the end of input) when there is none."""
    cdef Py_ssize_t p
    if s.fresh:
        s.fresh = False
    else:
        while True:
            p = s.pos
            while p < s.n and s.buf[p] != 10:
                p += 1
            s.pos = p
            if p < s.n or s.eof:
                break
            refill(s, s.n)
        if s.pos < s.n:
            s.pos += 1
    if s.pos == s.n and not s.eof:
        refill(s, s.n)
    if s.pos == s.n:
        s.start = s.base + s.n
        s.at_token = False
        return False
    return True


cdef inline int token_head(Scanner *s, Py_ssize_t at, bint token, long long *line,
                           Py_ssize_t *column, unsigned char *head) noexcept nogil:
    """Line and column of the absolute offset ``at`` and, when it is a token
    (the last or the previous one, ``token``), its first bytes copied to
    ``head``; returns their count, SHOWN + 1 meaning 'longer than shown'.
    Offsets only grow from call to call: linear time overall."""
    cdef int k = saved_slot(s, at) if token else -1
    cdef Py_ssize_t i, m = 0
    if k >= 0:
        line[0] = s.saved_line[k]
        column[0] = s.saved_col[k]
        memcpy(head, s.saved_head[k], s.saved_len[k])
        return s.saved_len[k]
    count_lines(s, at)
    line[0] = s.nlines + 1
    column[0] = at - s.line_start + 1
    i = at - s.base
    if token:
        while i + m < s.n and m <= SHOWN and not is_space(s.buf[i + m]):
            head[m] = s.buf[i + m]
            m += 1
    return <int>m


cdef inline object describe(Scanner *s, Py_ssize_t at, bint token):
    """(line, column, first bytes, more, at end of input) of what is at
    ``at`` (see token_head), for messages."""
    cdef long long line
    cdef Py_ssize_t column
    cdef unsigned char head[SHOWN + 1]
    cdef int m = token_head(s, at, token, &line, &column, head)
    return (line, column, (<char *>head)[:min(m, SHOWN)], m > SHOWN,
            not token and s.eof and at - s.base >= s.n)


cdef inline object where(Scanner *s, bint previous):
    """describe() the last thing read (a token, or the end of a line or of
    the input), or the token before the last one (``previous``)."""
    if previous:
        return describe(s, s.prev, True)
    return describe(s, s.start, s.at_token)
