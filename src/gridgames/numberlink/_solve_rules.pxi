# settle(): the regions of empty squares and the rules on them (stranded
# regions, ASSIGN, PARITY, CORRIDOR, SPLIT; described in the twin,
# _solve_pure.py and _solve_rules_pure.py), then the head to branch on or the
# parts to split into.  Included by _solve.pyx.

cdef inline bint region_touches(const Search *s, int b, int r) noexcept nogil:
    return (s.region[b - 1] == r or s.region[b + 1] == r or
            s.region[b - s.w] == r or s.region[b + s.w] == r)


cdef int settle(Search *s, int tag) noexcept nogil:
    """After propagation: SOLVED (scope tag is finished), FAIL, DIVIDE or
    the head to branch on (see the twin)."""
    cdef int r, nregion, best = FAIL, scope = 0
    if s.ndone == s.k:
        return SOLVED if s.nempty == 0 else FAIL
    nregion = label_regions(s)
    if not candidate_regions(s, tag, &scope, &best):  # a path with no region to go through
        return FAIL
    for r in range(1, nregion + 1):
        if s.ncand[r] == 0:
            return FAIL
    if scope == 0:
        return SOLVED
    if s.rules & ASSIGN_ and not assign_regions(s, nregion):
        return FAIL
    if s.rules & PARITY_ and not parity_holds(s, nregion):
        return FAIL
    if s.rules & CORRIDOR_ and not corridors_hold(s):
        return FAIL
    if s.rules & SPLIT_ and scope > 1 and parts(s, tag, nregion):
        return DIVIDE
    return best


cdef int label_regions(Search *s) noexcept nogil:
    """Number the regions of empty squares (s.region) with their size, parity
    difference and no candidates yet; returns how many there are."""
    cdef int i, x, y, z, d, ntodo, nregion = 0
    for i in range(s.nsq):
        s.region[i] = 0
    for i in range(s.ninner):
        x = s.inner[i]
        if s.cell[x] == 0 and s.region[x] == 0:
            nregion += 1
            s.region[x] = nregion
            s.size[nregion] = s.diff[nregion] = s.ncand[nregion] = s.vsum[nregion] = 0
            s.todo[0] = x
            ntodo = 1
            while ntodo:
                ntodo -= 1
                y = s.todo[ntodo]
                s.size[nregion] += 1
                s.diff[nregion] += 2 * s.par[y] - 1
                for d in range(4):
                    z = y + s.dirs[d]
                    if s.cell[z] == 0 and s.region[z] == 0:
                        s.region[z] = nregion
                        s.todo[ntodo] = z
                        ntodo += 1
    return nregion


cdef bint candidate_regions(Search *s, int tag, int *scope, int *best) noexcept nogil:
    """The regions each open path can go through (touching both heads, in
    its zone); counts the paths of scope ``tag`` into ``scope`` and puts the
    head to branch on into ``best`` (FAIL: none).  False when a path has no
    region."""
    cdef int j, d, r, v, a, b, e, n, m, found, first, code
    cdef int best_n = 0, best_size = 0
    cdef int *cand
    for v in range(1, s.k + 1):
        if s.done[v]:
            continue
        a, b = s.head[2 * v], s.head[2 * v + 1]
        cand = &s.cand[4 * v]
        s.ncandv[v] = 0
        found = 0
        for d in range(4):
            r = s.region[a + s.dirs[d]]
            if r and s.zone[a + s.dirs[d]] == s.owner[v] and region_touches(s, b, r):
                if not found or s.size[r] < s.size[found]:
                    found = r
                for j in range(s.ncandv[v]):
                    if cand[j] == r:
                        break
                else:
                    cand[s.ncandv[v]] = r
                    s.ncandv[v] += 1
                    s.ncand[r] += 1
                    s.vsum[r] += v
        if not found:
            return False
        if s.owner[v] == tag:
            scope[0] += 1
            for e in range(2 * v, 2 * v + 2):
                n = moves(s, e, &first, &code)
                m = -1 if e == s.last else s.size[found]
                if best[0] == FAIL or n < best_n or (n == best_n and m < best_size):
                    best[0], best_n, best_size = e, n, m
    return True


cdef bint assign_regions(Search *s, int nregion) noexcept nogil:
    """ASSIGN: a region only one path can fill is that path's; False when a
    region is left with none."""
    cdef int j, r, r2, v, nstack = 0
    cdef int *cand
    for r in range(1, nregion + 1):
        if s.ncand[r] == 1:
            s.todo[nstack] = r
            nstack += 1
    while nstack:
        nstack -= 1
        r = s.todo[nstack]
        v = s.vsum[r]
        cand = &s.cand[4 * v]
        if s.ncandv[v] == 1:
            continue
        for j in range(s.ncandv[v]):
            r2 = cand[j]
            if r2 != r:
                s.ncand[r2] -= 1
                s.vsum[r2] -= v
                if s.ncand[r2] == 0:
                    return False
                if s.ncand[r2] == 1:
                    s.todo[nstack] = r2
                    nstack += 1
        cand[0] = r
        s.ncandv[v] = 1
    return True


cdef bint parity_holds(Search *s, int nregion) noexcept nogil:
    """PARITY: each region's colour difference within what its paths can
    make, and the total exact."""
    cdef int j, r, v, pa, delta, total = 0
    cdef int *cand
    for r in range(1, nregion + 1):
        s.lo[r] = s.hi[r] = 0
    for v in range(1, s.k + 1):
        if s.done[v]:
            continue
        pa = s.par[s.head[2 * v]]
        delta = 1 - 2 * pa if pa == s.par[s.head[2 * v + 1]] else 0
        total += delta
        cand = &s.cand[4 * v]
        if s.ncandv[v] == 1:
            s.lo[cand[0]] += delta
            s.hi[cand[0]] += delta
        else:
            for j in range(s.ncandv[v]):
                if delta > 0:
                    s.hi[cand[j]] += 1
                elif delta < 0:
                    s.lo[cand[j]] -= 1
    for r in range(1, nregion + 1):
        if not s.lo[r] <= s.diff[r] <= s.hi[r]:
            return False
        total -= s.diff[r]
    return total == 0


cdef bint corridors_hold(Search *s) noexcept nogil:
    """CORRIDOR: a region only one path fills is a corridor of that path
    (each square 2 ways on, each head 1 way in)."""
    cdef int i, x, z, d, r, v, a, b, e, n
    for i in range(s.ninner):
        x = s.inner[i]
        r = s.region[x]
        if r and s.ncand[r] == 1:
            v = s.vsum[r]
            a, b = s.head[2 * v], s.head[2 * v + 1]
            n = 0
            for d in range(4):
                z = x + s.dirs[d]
                if s.region[z] == r or z == a or z == b:
                    n += 1
                elif s.cell[z] == v:
                    return False
            if n != 2:
                return False
    for v in range(1, s.k + 1):
        if not s.done[v] and s.ncandv[v] == 1 and s.ncand[s.cand[4 * v]] == 1:
            r = s.cand[4 * v]
            for e in range(2 * v, 2 * v + 2):
                n = 0
                for d in range(4):
                    n += s.region[s.head[e] + s.dirs[d]] == r
                if n != 1:
                    return False
    return True


cdef inline int find(int *root, int r) noexcept nogil:
    while root[r] != r:
        root[r] = root[root[r]]
        r = root[r]
    return r


cdef bint parts(Search *s, int tag, int nregion) noexcept nogil:
    """Do the scope's paths fall into parts sharing no candidate region?
    If so: s.nparts, the parts' paths in s.parts (part i from s.pstart[i]),
    by area then lowest path, and s.mark[x] = the part of square x + 1 (0
    outside them); see the twin's _parts."""
    cdef int *root = s.lo          # scratch reused: PARITY is done with them
    cdef int *index = s.hi
    cdef int *area = s.diff
    cdef int *order = s.todo
    cdef int v, j, r, first, other, i, np = 0, n, x, key
    cdef int *cand
    for r in range(nregion + 1):
        root[r] = r
        index[r] = -1
    for v in range(1, s.k + 1):
        if not s.done[v] and s.owner[v] == tag:
            cand = &s.cand[4 * v]
            first = find(root, cand[0])
            for j in range(1, s.ncandv[v]):
                other = find(root, cand[j])
                if other != first:
                    root[other] = first
    for v in range(1, s.k + 1):  # parts numbered by their lowest path
        if not s.done[v] and s.owner[v] == tag:
            r = find(root, s.cand[4 * v])
            if index[r] < 0:
                index[r] = np
                s.pfirst[np] = v
                s.pcount[np] = 0
                np += 1
            s.pcount[index[r]] += 1
    if np < 2:
        return False
    for i in range(np):
        area[i] = 0
    for r in range(1, nregion + 1):
        i = index[find(root, r)]
        if i >= 0:
            area[i] += s.size[r]
    for i in range(np):            # insertion sort by (area, lowest path)
        j = i
        while j > 0 and (area[order[j - 1]] > area[i] or
                         (area[order[j - 1]] == area[i] and s.pfirst[order[j - 1]] > s.pfirst[i])):
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    n = 0
    for j in range(np):            # rank of each part, and its paths
        i = order[j]
        s.prank[i] = j
        s.pstart[j] = n
        n += s.pcount[i]
    s.pstart[np] = n
    for i in range(np):
        s.pcount[i] = s.pstart[s.prank[i]]
    for v in range(1, s.k + 1):
        if not s.done[v] and s.owner[v] == tag:
            i = index[find(root, s.cand[4 * v])]
            s.parts[s.pcount[i]] = v
            s.pcount[i] += 1
    for j in range(s.ninner):
        x = s.inner[j]
        r = s.region[x]
        key = 0
        if r:
            i = index[find(root, r)]
            if i >= 0:
                key = s.prank[i] + 1
        s.mark[x] = key
    s.nparts = np
    return True
