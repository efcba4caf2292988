# The SameGame judge loop, included into _kernel.pyx (one module: the grid
# functions stay inlinable).  Needs from it: Grid, STRIDE, MAX_ROWS, MAX_COLS,
# GRID_OUT_MAX, grid_clear, grid_select, render, the E_* codes (_kernel.pxd)
# and the scanner / output cimports.

cdef char *put_header(char *p, int grid) noexcept nogil:
    """'Grid k.\\n' without printf."""
    return put_text(put_int(put_text(p, b"Grid ", 5), grid), b".\n", 2)


cdef struct Outcome:
    int grid, code
    bint previous       # the bad token is the one before the last read


cdef int run(Scanner *s, Out *o, Outcome *res) noexcept nogil:
    """The judge loop: 0, or -1 if the output failed (see output.pxd).
    res.code != 0 reports bad input."""
    cdef Grid g
    cdef long long m, n, v, r, c
    cdef long long rc[2]
    cdef int kind, grid = 0
    cdef char *p
    res.code = 0
    res.previous = False
    while True:
        grid += 1
        res.grid = grid
        kind = next_int(s, &m)
        if kind == TOK_EOF:
            return 0
        if kind != TOK_INT:
            res.code = E_ROWS
            break
        kind = next_int(s, &n)
        if kind == TOK_EOF and m == 0:
            return 0
        if kind != TOK_INT:
            res.code = E_COLS
            break
        if m == 0 or n == 0:
            return 0
        if m > MAX_ROWS:  # checked before anything is written into a buffer
            res.previous = True
            res.code = E_ROWS
            break
        if n > MAX_COLS:
            res.code = E_COLS
            break
        grid_clear(&g, <int>m, <int>n)
        for r in range(1, m + 1):  # row by row, from the bottom: no division per cell
            if digit_row(s, <int>n, &g.cell[STRIDE + r], STRIDE) >= 0:
                continue
            for c in range(1, n + 1):
                kind = next_int(s, &v)
                if kind != TOK_INT or v > 9:
                    res.code = E_CELL
                    break
                g.cell[c * STRIDE + r] = <unsigned char>v
            if res.code:
                break
        if res.code:
            break
        while True:
            if short_ints(s, 2, rc):
                if rc[0] == 0 and rc[1] == 0:
                    break
                if g.left:
                    grid_select(&g, rc[0], rc[1])
                continue
            kind = next_int(s, &r)
            if kind != TOK_INT:
                res.code = E_SEL_ROW
                break
            kind = next_int(s, &c)
            if kind != TOK_INT:
                res.code = E_SEL_COL
                break
            if r == 0 and c == 0:
                break
            if g.left:
                grid_select(&g, r, c)
        if res.code and not (res.code == E_SEL_ROW and kind == TOK_EOF):
            break
        if out_boundary(o) < 0:
            return -1
        p = reserve(o, GRID_OUT_MAX)
        if p == NULL:
            return -1
        p = render(&g, put_header(p, grid))
        p[0] = 10  # the empty line after each grid
        o.used = p + 1 - o.buf
        if res.code:  # no closing '0 0': the grid is reported, then the error
            break
    return 0


def judge(src, emit=None):
    """Run a whole judge file: ``src`` is a bytes-like object or a binary
    file (read in pieces).  Returns (output bytes, None) or, on bad input,
    (output of every complete grid, (grid number, E_* code, where)), where
    is the scanner's describe() tuple.  With ``emit``, output is passed to it in
    chunks as it is made and the returned bytes are the rest."""
    cdef Scanner s
    cdef Outcome res
    cdef Out o
    cdef int status
    scan_open(&s, src)
    try:
        out_open(&o, 4096 + (s.n if emit is None else CHUNK), emit)
        with nogil:
            status = run(&s, &o, &res)
        err = (res.grid, res.code, where(&s, res.previous)) if res.code else None
        out = out_close(&o, status)
    finally:
        scan_close(&s)
    return out, err
