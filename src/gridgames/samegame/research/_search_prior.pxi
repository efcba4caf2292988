# The learned prior (GNRPA's bias w . features): included by _search.pyx before
# candidates, which calls add_prior only when a prior is given.


cdef inline double prior_bias(const Ctx *x, const Move *m, const int *cells, const int *regions,
                              int kept) noexcept nogil:
    """The learned prior's bias of move m: prior . its features, summed in
    this order (the twin sums the same products in the same order):
    size - 2, (size - 2)**2, the share of its colour's cells it takes,
    whether it takes them all, whether its colour is the kept one, the
    height and column of its canonical cell (0: bottom, left), its
    colour's lone cells and its colour's regions (this one included)."""
    cdef int s = m.size - 2
    cdef double d = 0.0
    d = d + x.prior[0] * s
    d = d + x.prior[1] * (s * s)
    d = d + x.prior[2] * (<double>m.size / cells[m.colour])
    d = d + x.prior[3] * (m.size == cells[m.colour])
    d = d + x.prior[4] * (m.colour == kept)
    d = d + x.prior[5] * (m.cell % BIG_STRIDE - 1)
    d = d + x.prior[6] * (m.cell // BIG_STRIDE - 1)
    d = d + x.prior[7] * x.lone[m.colour]
    d = d + x.prior[8] * regions[m.colour]
    return d


cdef void add_prior(Ctx *x, int n, int k, int kept) noexcept nogil:
    """Each of the k candidates' biases += its prior_bias (``kept``: the
    colour the playout keeps, whether the rule is lifted or not).  Apart
    from candidates, so that a search without a prior runs the same code."""
    cdef int cells[COLOURS]
    cdef int regions[COLOURS]
    cdef int j
    for j in range(COLOURS):
        cells[j] = x.lone[j]
        regions[j] = 0
    for j in range(n):
        cells[x.moves[j].colour] += x.moves[j].size
        regions[x.moves[j].colour] += 1
    for j in range(k):
        x.bias[j] = x.bias[j] + prior_bias(x, &x.moves[x.cand[j]], cells, regions, kept)
