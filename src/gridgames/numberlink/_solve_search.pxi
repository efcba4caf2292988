# The search itself: search() counts the ways to finish one scope, split()
# counts the parts of a split but the largest (which goes on in the search
# that split); described in the twin, _solve_pure.py.  Included by _solve.pyx.

cdef inline int node(Search *s) noexcept nogil:
    """Count a search node: 0, or STOPPED / -1 (an exception pending) when
    the budget or tick stops the search."""
    cdef int t
    if s.nodes == s.max_nodes:
        return STOPPED
    s.nodes += 1
    if s.nodes % TICK_EVERY_ == 0:
        t = call_tick(s.tick, s.nodes)
        if t:
            return -1 if t < 0 else STOPPED
    return 0


cdef void record(Search *s) noexcept nogil:
    """Write the squares on paths now into the first solution."""
    cdef int i, v
    for i in range(s.ninner):
        v = s.cell[s.inner[i]]
        if v != 0:
            s.out[i] = v


cdef void restore(Search *s, int base, int tag) noexcept nogil:
    """The tags above base (the parts of a split) go back to tag."""
    cdef int i, v
    for i in range(s.ninner):
        if s.zone[s.inner[i]] > base:
            s.zone[s.inner[i]] = tag
    for v in range(1, s.k + 1):
        if s.owner[v] > base:
            s.owner[v] = tag
    s.ntags = base


cdef int split(Search *s, Frame *frames, int nframes, int limit, bint rec) noexcept nogil:
    """Tag the parts settle() found and count each but the last: the product
    of their counts capped at limit, 0 as soon as one has none, or
    STOPPED / -1."""
    cdef int base = s.ntags, np = s.nparts, i, j, found
    cdef long long product = 1
    s.ntags += np
    for i in range(s.ninner):
        if s.mark[s.inner[i]]:
            s.zone[s.inner[i]] = base + s.mark[s.inner[i]]
    for i in range(np):
        for j in range(s.pstart[i], s.pstart[i + 1]):
            s.owner[s.parts[j]] = base + i + 1
    for i in range(np - 1):
        found = search(s, frames, nframes, base + i + 1, limit, rec, False)
        if found <= 0:
            return found
        product = min(product * found, limit)
    return <int>product


cdef int search(Search *s, Frame *frames, int nbase, int tag, int limit, bint rec,
                bint top) noexcept nogil:
    """Count, up to limit, the ways to finish the paths of scope tag from
    the current (propagated) state, which is as before at the end; or
    STOPPED / -1.  Frames from nbase on are this search's; rec: no solution
    is known yet, so the first one found is recorded."""
    cdef int entry = s.ntrail, count = 0, nframes = nbase, e, h, x, code, base, np, product
    cdef long long weight = 1
    cdef bint ok = True
    cdef Frame *f
    while True:
        if ok:
            e = node(s)
            if e:
                return e
            e = settle(s, tag)
            if e == SOLVED:
                if rec and count == 0:
                    record(s)
                count = <int>min(count + weight, limit)
                if top:
                    s.found = count
                if count >= limit:
                    break
            elif e == DIVIDE:
                base, np = s.ntags, s.nparts
                product = split(s, frames, nframes, limit, rec and count == 0)
                if product < 0:
                    return product
                if product:  # the largest part goes on here
                    f = &frames[nframes]
                    f.mark, f.e, f.d, f.weight, f.base = s.ntrail, -1, tag, <int>weight, base
                    nframes += 1
                    tag, weight = base + np, min(weight * product, limit)
                    continue
                restore(s, base, tag)
            elif e != FAIL:
                s.last = e
                frames[nframes].mark, frames[nframes].e, frames[nframes].d = s.ntrail, e, 0
                nframes += 1
        ok = False
        while nframes > nbase:  # the next untried move of the deepest branching
            f = &frames[nframes - 1]
            undo(s, f.mark)
            e = f.e
            if e < 0:  # back before a split: the scope as it was
                restore(s, f.base, f.d)
                tag, weight = f.d, f.weight
                nframes -= 1
                continue
            h = s.head[e]
            while f.d < 4:
                x = h + s.dirs[f.d]
                f.d += 1
                if s.cell[x] == 0:
                    code = legal(s, e, x)
                    if code:
                        apply(s, e, x, code)
                        ok = True
                        break
            if ok:
                break
            nframes -= 1
        if not ok:
            break
        ok = propagate(s)
    while nframes > nbase:  # stopped at the limit: undo the splits
        nframes -= 1
        if frames[nframes].e < 0:
            restore(s, frames[nframes].base, frames[nframes].d)
    undo(s, entry)
    return count
