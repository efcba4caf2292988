/* A tight, independent C SameGame judge: the speed baseline for the compiled
 * kernel (and a third opinion on its output).  Valid input only.
 *   gcc -O3 -o samegame benchmarks/baseline/samegame.c && ./samegame < file
 *
 * Technique:
 * - the grid column-major with a border of EMPTY cells all round, so the
 *   flood's four neighbours need no bounds test; a removal is tested on the
 *   four neighbours before any flood;
 * - only the columns the group touched are compacted, and the columns are
 *   closed up from the leftmost of them on;
 * - the board is printed once per grid (the judge prints only the final
 *   one), straight into one large output buffer (judge_io.h, written with
 *   write() when full); no stdio;
 * - input read in large read() calls, integers parsed by hand. */
#include "judge_io.h"

enum { R = 10, C = 40, S = R + 2, EMPTY = 10 };

int main(void) {
    unsigned char g[(C + 2) * S];
    int q[(C + 2) * S];
    for (long grid = 1;; grid++) {
        long m = num_any(0), w = num_any(0);
        if (m <= 0 || w <= 0) break;
        memset(g, EMPTY, sizeof g);
        for (long r = 1; r <= m; r++)
            for (long c = 1; c <= w; c++) g[c * S + r] = (unsigned char)num_any(0);
        int ncols = (int)w, left = (int)(m * w);
        for (;;) {
            long r = num_any(0), c = num_any(0);
            if (r <= 0 && c <= 0) break;
            if (!left || r < 1 || r > m || c < 1 || c > w) continue;
            int i = (int)(c * S + r); unsigned char v = g[i];
            if (v == EMPTY || (g[i-1] != v && g[i+1] != v && g[i-S] != v && g[i+S] != v)) continue;
            int head = 0, tail = 1, lo = (int)c, hi = (int)c;
            g[i] = EMPTY; q[0] = i;
            while (head < tail) {
                int j = q[head++], col = j / S, nb[4] = {j - 1, j + 1, j - S, j + S};
                if (col < lo) lo = col;
                if (col > hi) hi = col;
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
        PUT("Grid "); put_int(grid); PUT(".\n");
        if (!left) PUT("    Game Won\n");
        else for (long r = m; r >= 1; r--) {
            room(4 + 2 * C + 1);
            memcpy(op, "    ", 4); op += 4;
            for (long c = 1; c <= w; c++) { unsigned char v = g[c * S + r]; *op++ = v == EMPTY ? ' ' : '0' + v; *op++ = ' '; }
            *op++ = '\n';
        }
        PUT("\n");
    }
    flush();
    return 0;
}
