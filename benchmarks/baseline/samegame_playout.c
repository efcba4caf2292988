/* A tight, independent C loop of uniform random SameGame playouts: the speed
 * baseline for Board.playouts (same rules, same draw: uniform among the
 * regions of 2+ cells; removing n cells scores (n-2)^2, clearing adds 1000).
 *   gcc -O2 -o playout benchmarks/baseline/samegame_playout.c
 *   ./playout BOARDS.txt [BOARD (1-based, default 1)] [PLAYOUTS] [SEED]
 * prints "PLAYOUTS playouts, mean SCORE, PER_SECOND per second (CPU)". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { R = 20, C = 40, S = R + 2, N = (C + 2) * S, EMPTY = 10 };
typedef unsigned long long u64;

static u64 next(u64 *s) {
    u64 z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static u64 uniform(u64 *s, u64 bound) {
    u64 threshold = (0 - bound) % bound, x;
    while ((x = next(s)) < threshold) {}
    return x % bound;
}

/* Flood the region of i (marking it EMPTY in g); its size. */
static int flood(unsigned char *g, int i, int *q) {
    unsigned char v = g[i];
    int head = 0, tail = 1;
    g[i] = EMPTY; q[0] = i;
    while (head < tail) {
        int j = q[head++], nb[4] = {j - 1, j + 1, j - S, j + S};
        for (int d = 0; d < 4; d++)
            if (g[nb[d]] == v) { g[nb[d]] = EMPTY; q[tail++] = nb[d]; }
    }
    return tail;
}

static long playout(const unsigned char *start, int m, int n, u64 *rng) {
    unsigned char g[N], tmp[N];
    int q[N], moves[R * C / 2], ncols = n, left = m * n;
    long score = 0;
    memcpy(g, start, N);
    for (;;) {
        int k = 0;
        memcpy(tmp, g, N);
        for (int c = 1; c <= ncols; c++)
            for (int i = c * S + 1; g[i] != EMPTY; i++)
                if (tmp[i] != EMPTY && (g[i + 1] == g[i] || g[i + S] == g[i])) {
                    moves[k++] = i;
                    flood(tmp, i, q);
                }
        if (!k) return score;
        int size = flood(g, moves[uniform(rng, (u64)k)], q), lo = C + 1, hi = 0;
        for (int t = 0; t < size; t++) {
            int col = q[t] / S;
            if (col < lo) lo = col;
            if (col > hi) hi = col;
        }
        for (int col = lo; col <= hi; col++) {
            unsigned char *p = g + col * S;
            int w = 1;
            for (int r = 1; r <= m; r++) if (p[r] != EMPTY) p[w++] = p[r];
            for (; w <= m; w++) p[w] = EMPTY;
        }
        int dst = lo;
        for (int col = lo; col <= ncols; col++)
            if (g[col * S + 1] != EMPTY) {
                if (dst != col) memcpy(g + dst * S + 1, g + col * S + 1, m);
                dst++;
            }
        for (int col = dst; col <= ncols; col++) memset(g + col * S + 1, EMPTY, m);
        ncols = dst - 1;
        left -= size;
        score += (long)(size - 2) * (size - 2) + (left == 0 ? 1000 : 0);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s BOARDS.txt [BOARD] [PLAYOUTS] [SEED]\n", argv[0]); return 2; }
    int want = argc > 2 ? atoi(argv[2]) : 1;
    long count = argc > 3 ? atol(argv[3]) : 10000;
    u64 rng = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    /* Research text: rows top first, colours separated by spaces, boards
     * separated by blank lines. */
    int rows[R][C], m = 0, n = 0, board = 1;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        int k = 0;
        for (char *p = line; *p; p++) if (*p >= '0' && *p <= '9' && k < C) rows[m < R ? m : R - 1][k++] = *p - '0';
        if (!k) { if (m) { if (board == want) break; board++; m = 0; } continue; }
        if (board == want && m < R) { n = k; m++; } else if (board != want) m++;
    }
    fclose(f);
    if (board != want || !m) { fprintf(stderr, "no board %d\n", want); return 2; }
    unsigned char g[N];
    memset(g, EMPTY, N);
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++) g[(c + 1) * S + (m - r)] = (unsigned char)rows[r][c];
    clock_t t0 = clock();
    double total = 0;
    for (long i = 0; i < count; i++) total += playout(g, m, n, &rng);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("%ld playouts, mean %.4f, %.0f per second (CPU)\n", count, total / count, count / secs);
    return 0;
}
