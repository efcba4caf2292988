/* A tight, independent C SameGame judge: the speed baseline for the compiled
 * kernel (and a third opinion on its output).  Valid input only.
 *   gcc -O2 -o samegame benchmarks/baseline/samegame.c && ./samegame < file  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { R = 10, C = 40, S = R + 2, EMPTY = 10 };
static unsigned char *in, *ip, *iend;

static long num(void) {
    long v = 0;
    while (ip < iend && (*ip < '0' || *ip > '9')) ip++;
    if (ip == iend) return -1;
    while (ip < iend && *ip >= '0' && *ip <= '9') { if (v < 1000000000) v = v * 10 + (*ip - '0'); ip++; }
    return v;
}

int main(void) {
    size_t cap = 1 << 20, n = 0, k;
    in = malloc(cap);
    while ((k = fread(in + n, 1, cap - n, stdin)) > 0) { n += k; if (n == cap) in = realloc(in, cap *= 2); }
    ip = in; iend = in + n;
    char *out = malloc(n + 4096), *o = out;   /* output <= input size + a grid */
    unsigned char g[(C + 2) * S];
    int q[(C + 2) * S];
    for (int grid = 1;; grid++) {
        long m = num(), w = num();
        if (m <= 0 || w <= 0) break;
        memset(g, EMPTY, sizeof g);
        for (long i = 0; i < m * w; i++) g[(i % w + 1) * S + i / w + 1] = (unsigned char)num();
        int ncols = (int)w, left = (int)(m * w);
        for (;;) {
            long r = num(), c = num();
            if (r <= 0 && c <= 0) break;
            if (!left || r < 1 || r > m || c < 1 || c > w) continue;
            int i = (int)(c * S + r); unsigned char v = g[i];
            if (v == EMPTY || (g[i-1] != v && g[i+1] != v && g[i-S] != v && g[i+S] != v)) continue;
            int head = 0, tail = 1, lo = (int)c, hi = (int)c;
            g[i] = EMPTY; q[0] = i;
            while (head < tail) {
                int j = q[head++], col = j / S, nb[4] = {j - 1, j + 1, j - S, j + S};
                if (col < lo) lo = col; if (col > hi) hi = col;
                for (int d = 0; d < 4; d++) if (g[nb[d]] == v) { g[nb[d]] = EMPTY; q[tail++] = nb[d]; }
            }
            left -= tail;
            for (int col = lo; col <= hi; col++) {
                unsigned char *p = g + col * S; int wr = 1;
                for (int row = 1; row <= m; row++) if (p[row] != EMPTY) p[wr++] = p[row];
                for (; wr <= m; wr++) p[wr] = EMPTY;
            }
            int dst = lo;
            for (int col = lo; col <= ncols; col++)
                if (g[col * S + 1] != EMPTY) { if (dst != col) memcpy(g + dst * S + 1, g + col * S + 1, m); dst++; }
            for (int col = dst; col <= ncols; col++) memset(g + col * S + 1, EMPTY, m);
            ncols = dst - 1;
        }
        if ((size_t)(o - out) + 1024 > n + 4096) { fwrite(out, 1, o - out, stdout); o = out; }
        o += sprintf(o, "Grid %d.\n", grid);
        if (!left) { memcpy(o, "    Game Won\n", 13); o += 13; }
        else for (long r = m; r >= 1; r--) {
            memcpy(o, "    ", 4); o += 4;
            for (long c = 1; c <= w; c++) { unsigned char v = g[c * S + r]; *o++ = v == EMPTY ? ' ' : '0' + v; *o++ = ' '; }
            *o++ = '\n';
        }
        *o++ = '\n';
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
