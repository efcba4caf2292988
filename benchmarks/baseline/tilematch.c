/* A tight, independent C tile-match judge: the speed baseline for the
 * compiled kernel (and a third opinion on its output).  Valid input only.
 *   gcc -O3 -o tilematch benchmarks/baseline/tilematch.c && ./tilematch < file
 *
 * Technique:
 * - the board's rendered text (rows top first, each indented, its cells 4
 *   bytes apart) is kept between moves; every cell written (set()) rewrites
 *   its one byte there, so printing a board is one memcpy into one large
 *   output buffer (judge_io.h, written with write() when full); no per-cell
 *   formatting;
 * - only what can have changed is looked at: a drop phase walks the columns
 *   that may hold a tile above an empty cell (a bit set), an elimination
 *   phase the runs through the cells changed since the last one (their
 *   columns, and the band of rows between the lowest and highest);
 * - input read in large read() calls, integers parsed by hand. */
#include <stdlib.h>
#include "judge_io.h"

enum { W = 64, H = 256 };
static unsigned char g[W * H];           /* column-major: cell (c, r) at c*H + r, 0 empty */
static unsigned char mark[W * H];
static int w, h, rows, k, tiles;
static unsigned long long loose, changed;   /* columns: may hold a tile above a hole; changed */
static int lo, hi;                          /* the band of changed rows (lo > hi: none) */
static int c0, c1, r0, r1;                  /* the box of the marks (c0 > c1: none) */
static char text[H * (2 * H + 4 * W + 1)];  /* the printed board */
static int at[H], size;                     /* row r's first cell in text; the text's length */

/* Cell (c, r) := v, in the grid and in the text (rows >= h are not shown). */
static inline void set(int c, int r, unsigned char v) {
    g[c * H + r] = v;
    if (r < h) text[at[r] + 4 * c] = v ? (char)('0' + v) : '-';
}

static inline void note(int c, int r) {
    changed |= 1ULL << c;
    if (r < lo) lo = r;
    if (r > hi) hi = r;
}

static void layout(void) {   /* the text of the grid as it is */
    char *p = text;
    for (int r = h - 1; r >= 0; r--) {
        int ind = 2 * (h - r);
        memset(p, ' ', ind); p += ind;
        at[r] = (int)(p - text);
        for (int c = 0; c < w; c++) {
            if (c) { memcpy(p, "   ", 3); p += 3; }
            unsigned char v = g[c * H + r];
            *p++ = v ? (char)('0' + v) : '-';
        }
        *p++ = '\n';
    }
    size = (int)(p - text);
}

static void board(void) {   /* in buffer-sized pieces: a 64 x 256 board is larger than the buffer */
    for (int done = 0; done < size;) {
        int n = size - done < OUT_CAP ? size - done : OUT_CAP;
        put(text + done, (size_t)n);
        done += n;
    }
}

static int drop(void) {
    int moved = 0;
    for (int c = 0; c < w; c++) {
        if (!(loose >> c & 1)) continue;
        unsigned char *col = g + c * H; int dst = 0;
        for (int r = 0; r < rows; r++)
            if (col[r]) {
                if (r != dst) { set(c, dst, col[r]); set(c, r, 0); note(c, dst); moved++; }
                dst++;
            }
    }
    loose = 0;
    return moved;
}

/* Mark the runs of k or more equal tiles that meet cells first..last of the
 * line of n cells from cell i, step apart. */
static void runs(int i, int step, int n, int first, int last) {
    int s = first;
    unsigned char v = g[i + s * step];
    while (s > 0 && g[i + (s - 1) * step] == v) s--;
    while (s <= last) {
        int e = s + 1;
        v = g[i + s * step];
        while (e < n && g[i + e * step] == v) e++;
        if (v && e - s >= k) {
            for (int j = s; j < e; j++) mark[i + j * step] = 1;
            for (int end = 0; end < 2; end++) {   /* widen the box to both ends of the run */
                int x = i + (end ? e - 1 : s) * step, c = x / H, r = x % H;
                if (c < c0) c0 = c;
                if (c > c1) c1 = c;
                if (r < r0) r0 = r;
                if (r > r1) r1 = r;
            }
        }
        s = e;
    }
}

static int eliminate(void) {
    int removed = 0, first = W, last = -1, top = hi < h - 1 ? hi : h - 1;
    for (int c = 0; c < w; c++) if (changed >> c & 1) { if (c < first) first = c; last = c; }
    c0 = W; c1 = -1; r0 = H; r1 = -1;
    if (first <= last && lo <= top) {
        for (int r = lo; r <= top; r++) runs(r, H, w, first, last);
        for (int c = first; c <= last; c++) if (changed >> c & 1) runs(c * H, 1, h, lo, top);
        for (int c = c0; c <= c1; c++)
            for (int r = r0; r <= r1; r++)
                if (mark[c * H + r]) { mark[c * H + r] = 0; set(c, r, 0); loose |= 1ULL << c; removed++; }
    }
    changed = 0; lo = H; hi = -1;
    tiles -= removed;
    return removed;
}

static int settle(void) {   /* 1 if the board was cleared */
    int quiet = 0;
    for (;;) {
        if (drop()) { quiet = 0; PUT("Board after drops:\n"); board(); } else { quiet++; PUT("No drops.\n"); }
        if (quiet == 2) return 0;
        if (eliminate()) {
            quiet = 0; PUT("Board after eliminations:\n"); board();
            if (!tiles) { PUT("The board is cleared!\n"); return 1; }
        } else { quiet++; PUT("No eliminations.\n"); }
        if (quiet == 2) return 0;
    }
}

static void skipping(int cleared, long left) {
    if (cleared && left > 0) { PUT("Skipping "); put_int(left); PUT(" move(s).\n"); }
}

int main(void) {
    long d = num_any(0);
    if (d < 0) return 0;
    PUT("Analyzing "); put_int(d); PUT(" data set(s)\n");
    for (long ds = 1; ds <= d; ds++) {
        w = (int)num_any(0); h = (int)num_any(0); k = (int)num_any(0); int given = (int)num_any(0);
        rows = given > h ? given : h; tiles = 0;
        memset(g, 0, (size_t)w * H);   /* the columns in use only */
        for (int r = given - 1; r >= 0; r--)
            for (int c = 0; c < w; c++) { g[c * H + r] = (unsigned char)num_any(0); if (g[c * H + r]) tiles++; }
        loose = changed = ~0ULL; lo = 0; hi = H - 1;   /* everything may have changed */
        long m = num_any(0);
        layout();
        PUT("Data Set "); put_int(ds); PUT("\nBoard Position:\n");
        board();
        PUT("After move 0:\n");
        int cleared = settle();
        skipping(cleared, m);
        for (long i = 1; i <= m; i++) {
            long c1 = num_any(1), r1 = num_any(1), c2 = num_any(1), r2 = num_any(1);
            if (cleared) continue;
            PUT("After move "); put_int(i); PUT(":\n");
            long dist = labs(c2 - c1) + labs(r2 - r1);
            if (c1 < 0 || c1 >= w || c2 < 0 || c2 >= w || r1 < 0 || r1 >= h || r2 < 0 || r2 >= h
                    || dist != 1 || !g[c1 * H + r1]) { PUT("Move is invalid.\n"); continue; }
            unsigned char t = g[c1 * H + r1];
            set((int)c1, (int)r1, g[c2 * H + r2]); set((int)c2, (int)r2, t);
            note((int)c1, (int)r1); note((int)c2, (int)r2);
            if (!g[c1 * H + r1]) loose |= 1ULL << c1 | 1ULL << c2;   /* into an empty cell */
            board();
            cleared = settle();
            skipping(cleared, m - i);
        }
    }
    flush();
    return 0;
}
