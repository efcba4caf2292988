"""Pure-Python twin of ``_kernel.pyx``: same names, same results, the same
puzzle for the same seed (every 64-bit operation is masked to 64 bits)."""
from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Optional

from .._runtime.kernel_constants import constants
from .._runtime.random_source_pure import MASK, SplitMix64 as _SplitMix64
from ._check import EMPTY, MAX_SIDE, SOLID, board_size, check_arguments  # noqa: F401 (the kernel's names)

_K = constants("numberlink/_kernel.pxd")
R_SOLID, R_COVERED, R_ENDPOINT, R_NUMBER = _K.R_SOLID, _K.R_COVERED, _K.R_ENDPOINT, _K.R_NUMBER
R_END_DEGREE, R_DEGREE, R_LOOP = _K.R_END_DEGREE, _K.R_DEGREE, _K.R_LOOP


# --- random numbers --------------------------------------------------------

def uniform(seed: int, bound: int, count: int) -> list[int]:
    """``count`` successive uniform draws in 0..bound-1 from ``seed``."""
    if not 0 <= bound <= MASK:
        raise OverflowError("bound must be in 0..2**64-1")
    if bound < 1:
        raise ValueError("bound must be at least 1")
    rng = _SplitMix64(seed)
    return [rng.uniform(bound) for _ in range(count)]


# --- generation --------------------------------------------------------------

def _neighbour_table(rows: int, cols: int) -> list[list[int]]:
    """Squares next to each square, in reading order (up, left, right, down)."""
    n = rows * cols
    table: list[list[int]] = []
    for i in range(n):
        c = i % cols
        nb: list[int] = []
        if i >= cols:
            nb.append(i - cols)
        if c > 0:
            nb.append(i - 1)
        if c < cols - 1:
            nb.append(i + 1)
        if i + cols < n:
            nb.append(i + cols)
        table.append(nb)
    return table


class _Forest:
    """Union-find over the squares: union by size, path compression."""

    __slots__ = ("parent", "size")

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.size = [1] * n

    def find(self, i: int) -> int:
        parent = self.parent
        root = i
        while parent[root] != root:
            root = parent[root]
        while parent[i] != root:
            parent[i], i = root, parent[i]
        return root

    def join(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]


class _FreePairs:
    """The pairs of next-door squares both still free, as a Fenwick tree over
    edge ids (2i = (i, i+1), 2i+1 = (i, i+cols)): ``count`` of them, the
    ``kth`` in reading order, and ``take`` a square off the free ones."""

    __slots__ = ("cols", "near", "used", "nedges", "tree", "top", "count")

    def __init__(self, rows: int, cols: int) -> None:
        n = rows * cols
        self.cols, self.near = cols, _neighbour_table(rows, cols)
        self.used = bytearray(n)  # on a path already
        self.nedges = nedges = 2 * n
        tree = self.tree = [0] * (nedges + 1)
        for e in range(nedges):
            i = e >> 1
            tree[e + 1] = int(i % cols < cols - 1) if e & 1 == 0 else int(i + cols < n)
        self.count = sum(tree)
        for e in range(1, nedges + 1):
            j = e + (e & -e)
            if j <= nedges:
                tree[j] += tree[e]
        self.top = 1
        while self.top * 2 <= nedges:
            self.top *= 2

    def kth(self, k: int) -> int:
        """The edge id of the k-th free pair (0-based)."""
        tree, nedges = self.tree, self.nedges
        pos, step = 0, self.top
        k += 1
        while step:
            if pos + step <= nedges and tree[pos + step] < k:
                pos += step
                k -= tree[pos]
            step >>= 1
        return pos

    def take(self, i: int) -> None:
        """Put square i on a path: the pairs it formed with free squares go."""
        tree, nedges, used = self.tree, self.nedges, self.used
        for m in self.near[i]:
            if not used[m]:
                e = 2 * i + (0 if m == i + 1 else 1) if m > i else 2 * m + (0 if i == m + 1 else 1)
                e += 1
                while e <= nedges:
                    tree[e] -= 1
                    e += e & -e
                self.count -= 1
        used[i] = 1


def generate(rows: int, cols: int, seed: int) -> tuple[array[int], list[int]]:
    """Generate a board.  Returns (cells, ends): ``cells`` an array('i') of
    rows*cols path numbers, row-major top row first, SOLID where no path
    goes; ``ends`` the list [first, last square of path 1, of path 2, ...]."""
    rows, cols = board_size(rows, cols)
    rng = _SplitMix64(seed)
    n = rows * cols
    forest, free = _Forest(n), _FreePairs(rows, cols)
    near, used = free.near, free.used
    label = [0] * n
    ends: list[int] = []
    while free.count > 0:
        # One draw picks the pair (d // 2, in reading order) and which of its
        # squares the path starts from (d % 2: 0 the upper/left one).
        d = rng.uniform(2 * free.count)
        e = free.kth(d >> 1)
        a = e >> 1
        b = a + (cols if e & 1 else 1)
        if d & 1:
            a, b = b, a
        free.take(a)
        free.take(b)
        forest.join(a, b)
        end = b
        while True:  # extend the path at random while a square touches only its end
            root = forest.find(end)
            cand = [nb for nb in near[end] if not used[nb] and not any(
                m != end and used[m] and forest.find(m) == root for m in near[nb])]
            if not cand:
                break
            m = cand[rng.uniform(len(cand))]
            free.take(m)
            forest.join(end, m)
            end = m
        ends += (a, end)
        label[forest.find(a)] = len(ends) // 2
    cells = array("i", [label[forest.find(i)] if used[i] else SOLID for i in range(n)])
    return cells, ends


# --- checking ----------------------------------------------------------------

def check(rows: int, cols: int, puzzle: Sequence[int], solution: Sequence[int]
          ) -> Optional[tuple[int, int, int, int]]:
    """First broken rule of ``solution`` (path numbers, SOLID, or EMPTY for a
    gap) against ``puzzle`` (EMPTY, SOLID or endpoint numbers), both
    row-major: None, or (R_* rule, square index, a, b) as in numberlink.RULES.
    ValueError (see _check.check_arguments) for a malformed puzzle or size."""
    rows, cols, p, s, k = check_arguments(rows, cols, puzzle, solution)
    n = rows * cols
    first = [0] * (k + 1)
    for i in reversed(range(n)):
        if p[i] > 0:
            first[p[i]] = i
    for i in range(n):
        if p[i] == SOLID and s[i] != SOLID:
            return R_SOLID, i, s[i], 0
    for i in range(n):
        if p[i] != SOLID and s[i] <= 0:
            return R_COVERED, i, s[i], 0
    for i in range(n):
        if p[i] > 0 and s[i] != p[i]:
            return R_ENDPOINT, i, p[i], s[i]
    for i in range(n):
        if s[i] > k:
            return R_NUMBER, i, s[i], k
    near = _neighbour_table(rows, cols)
    for rule, want, is_end in ((R_END_DEGREE, 1, True), (R_DEGREE, 2, False)):
        for i in range(n):
            if s[i] <= 0 or (p[i] > 0) != is_end:
                continue
            deg = sum(s[m] == s[i] for m in near[i])
            if deg != want:
                return rule, i, s[i], deg
    # Degrees are right, so walking from one endpoint reaches the other; a
    # path square the walks miss lies on a separate loop.
    seen = bytearray(n)
    for v in range(1, k + 1):
        prev, cur = -1, first[v]
        for _ in range(n):
            seen[cur] = 1
            nxt = -1
            for m in near[cur]:
                if s[m] == v and m != prev:
                    nxt = m
            if nxt < 0:
                break
            prev, cur = cur, nxt
    for i in range(n):
        if s[i] > 0 and not seen[i]:
            return R_LOOP, i, s[i], 0
    return None
