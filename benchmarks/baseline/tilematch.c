/* A tight, independent C tile-match judge: the speed baseline for the
 * compiled kernel (and a third opinion on its output).  Valid input only.
 *   gcc -O2 -o tilematch benchmarks/baseline/tilematch.c && ./tilematch < file  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W = 64, H = 256, OUTCAP = 1 << 20 };
static unsigned char *ip, *iend;
static char out[OUTCAP + 65536], *o = out;
static unsigned char g[W * H];           /* column-major: cell (c, r) at c*H + r, 0 empty */
static int w, h, rows, k, tiles;

static long num(void) {
    long v = 0, neg = 0;
    while (ip < iend && *ip != '-' && (*ip < '0' || *ip > '9')) ip++;
    if (ip < iend && *ip == '-') { neg = 1; ip++; }
    while (ip < iend && *ip >= '0' && *ip <= '9') { if (v < 1000000000) v = v * 10 + (*ip - '0'); ip++; }
    return neg ? -v : v;
}

static void room(size_t n) { if ((size_t)(o - out) + n > OUTCAP) { fwrite(out, 1, o - out, stdout); o = out; } }
static void text(const char *s) { size_t n = strlen(s); room(n); memcpy(o, s, n); o += n; }

static void board(const char *title) {
    text(title);
    room((size_t)h * (2 * h + 4 * w + 2));
    for (int r = h - 1; r >= 0; r--) {
        int ind = 2 * (h - r);
        memset(o, ' ', ind); o += ind;
        for (int c = 0; c < w; c++) {
            if (c) { memcpy(o, "   ", 3); o += 3; }
            unsigned char v = g[c * H + r];
            *o++ = v ? (char)('0' + v) : '-';
        }
        *o++ = '\n';
    }
}

static int drop(void) {
    int moved = 0;
    for (int c = 0; c < w; c++) {
        unsigned char *col = g + c * H; int dst = 0;
        for (int r = 0; r < rows; r++)
            if (col[r]) { if (r != dst) { col[dst] = col[r]; col[r] = 0; moved++; } dst++; }
    }
    return moved;
}

static int eliminate(void) {
    static unsigned char mark[W * H];
    int removed = 0;
    for (int c = 0; c < w; c++) memset(mark + c * H, 0, h);
    for (int r = 0; r < h; r++)
        for (int c = 0, e; c < w; c = e) {
            unsigned char v = g[c * H + r];
            for (e = c + 1; e < w && g[e * H + r] == v; e++) ;
            if (v && e - c >= k) for (int i = c; i < e; i++) mark[i * H + r] = 1;
        }
    for (int c = 0; c < w; c++)
        for (int r = 0, e; r < h; r = e) {
            unsigned char v = g[c * H + r];
            for (e = r + 1; e < h && g[c * H + e] == v; e++) ;
            if (v && e - r >= k) memset(mark + c * H + r, 1, e - r);
        }
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++) if (mark[c * H + r]) { g[c * H + r] = 0; removed++; }
    tiles -= removed;
    return removed;
}

static int settle(void) {   /* 1 if the board was cleared */
    int quiet = 0;
    for (;;) {
        if (drop()) { quiet = 0; board("Board after drops:\n"); } else { quiet++; text("No drops.\n"); }
        if (quiet == 2) return 0;
        if (eliminate()) {
            quiet = 0; board("Board after eliminations:\n");
            if (!tiles) { text("The board is cleared!\n"); return 1; }
        } else { quiet++; text("No eliminations.\n"); }
        if (quiet == 2) return 0;
    }
}

static void skipping(int cleared, long left) {
    if (cleared && left > 0) { room(64); o += sprintf(o, "Skipping %ld move(s).\n", left); }
}

int main(void) {
    size_t cap = 1 << 20, n = 0, got;
    unsigned char *in = malloc(cap);
    while ((got = fread(in + n, 1, cap - n, stdin)) > 0) { n += got; if (n == cap) in = realloc(in, cap *= 2); }
    ip = in; iend = in + n;
    long d = num();
    room(64); o += sprintf(o, "Analyzing %ld data set(s)\n", d);
    for (long set = 1; set <= d; set++) {
        w = (int)num(); h = (int)num(); k = (int)num(); int given = (int)num();
        rows = given > h ? given : h; tiles = 0;
        memset(g, 0, sizeof g);
        for (int r = given - 1; r >= 0; r--)
            for (int c = 0; c < w; c++) { g[c * H + r] = (unsigned char)num(); if (g[c * H + r]) tiles++; }
        long m = num();
        room(64); o += sprintf(o, "Data Set %ld\n", set);
        board("Board Position:\n");
        text("After move 0:\n");
        int cleared = settle();
        skipping(cleared, m);
        for (long i = 1; i <= m; i++) {
            long c1 = num(), r1 = num(), c2 = num(), r2 = num();
            if (cleared) continue;
            room(64); o += sprintf(o, "After move %ld:\n", i);
            long dist = labs(c2 - c1) + labs(r2 - r1);
            if (c1 < 0 || c1 >= w || c2 < 0 || c2 >= w || r1 < 0 || r1 >= h || r2 < 0 || r2 >= h
                    || dist != 1 || !g[c1 * H + r1]) { text("Move is invalid.\n"); continue; }
            unsigned char t = g[c1 * H + r1]; g[c1 * H + r1] = g[c2 * H + r2]; g[c2 * H + r2] = t;
            board("");
            cleared = settle();
            skipping(cleared, m - i);
        }
    }
    fwrite(out, 1, o - out, stdout);
    return 0;
}
