/* A tight, independent C gopher-hole judge: the speed baseline for the
 * compiled kernel (and a third opinion on its output).  Valid input only;
 * a pick outside the field is warned about on stderr, as gridgames does.
 *   gcc -O2 -o gopher benchmarks/baseline/gopher.c && ./gopher < file  */
#include "judge_io.h"

enum { N = 100, S = N + 2 };
static unsigned char *line_at, *lend, *lp;   /* the line [line_at, lend), the next byte to parse */
static long line_no;
static unsigned char hole[S * S], near[S * S], shown[S * S];
static int q[S * S];
static const int d8[8] = {-S - 1, -S, -S + 1, -1, 1, S - 1, S, S + 1};

/* The next line, whole in the buffer; 0 at the end of input. */
static int next_line(void) {
    unsigned char *nl;
    if (lend && lend < iend) ip = lend + 1;   /* past the previous line's LF */
    else if (lend) ip = lend;
    while (!(nl = memchr(ip, '\n', (size_t)(iend - ip))) && !in_eof) more();
    if (ip == iend && in_eof) { lend = 0; return 0; }   /* lend pointed into the moved buffer */
    line_at = lp = ip; line_no++;
    lend = nl ? nl : iend;
    return 1;
}

static int num(long *v) {   /* 0: no number left on the line */
    long x = 0, neg = 0;
    while (lp < lend && (*lp == ' ' || *lp == '\t' || *lp == '\r')) lp++;
    if (lp == lend) return 0;
    if (*lp == '-') { neg = 1; lp++; }
    while ((unsigned)(*lp - '0') <= 9) { if (x < 1000000000) x = x * 10 + (*lp - '0'); lp++; }
    *v = neg ? -x : x;
    return 1;
}

static char *fmt(char *p, long v) {   /* a non-negative integer, by hand */
    char d[24]; int n = 0;
    do { d[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (n) *p++ = d[--n];
    return p;
}

static void warn(unsigned char *first, long game, long pick, long rows, long cols) {
    char msg[512], *p = msg;
    int len = (int)(lend - first);
    while (len && (first[len - 1] == '\r' || first[len - 1] == ' ')) len--;
    if (len > 200) len = 200;
    p = fmt(p, line_no); *p++ = ':'; p = fmt(p, (long)(first - line_at) + 1);
    memcpy(p, ": game ", 7); p = fmt(p + 7, game);
    memcpy(p, ", pick ", 7); p = fmt(p + 7, pick);
    memcpy(p, ": warning: pick '", 17); p += 17; memcpy(p, first, len); p += len;
    memcpy(p, "' is outside the ", 17); p = fmt(p + 17, rows); *p++ = 'x'; p = fmt(p, cols);
    memcpy(p, " field; nothing changes\n", 24); p += 24;
    if (write(2, msg, (size_t)(p - msg)) < 0) _exit(2);
}

int main(void) {
    long boards = 0, game = 0;
    more();
    PUT("Program 6 by team 0\n");
    for (;;) {
        long rows, cols, nholes, r, c;
        int found = 0;
        while (next_line()) if (num(&rows)) { found = 1; break; }
        if (!found) break;
        game++;
        num(&cols);
        next_line(); num(&nholes);
        memset(hole, 0, sizeof hole); memset(near, 0, sizeof near); memset(shown, 0, sizeof shown);
        for (int i = 1; i <= rows; i++) memset(shown + i * S + 1, '#', cols);
        for (long i = 0; i < nholes; i++) {
            next_line(); num(&r); num(&c);
            int j = (int)(r * S + c);
            if (hole[j]) continue;
            hole[j] = 1;
            for (int d = 0; d < 8; d++) near[j + d8[d]]++;
        }
        int fell = 0; long pick = 0;
        while (next_line()) {
            unsigned char *first = lp;
            if (!num(&r)) break;
            num(&c); pick++;
            if (fell) continue;
            while (*first == ' ' || *first == '\t') first++;
            if (r < 1 || r > rows || c < 1 || c > cols) {
                warn(first, game, pick, rows, cols);
            } else {
                int i = (int)(r * S + c);
                if (hole[i]) {
                    for (int y = 1; y <= rows; y++) for (int x = 1; x <= cols; x++) if (hole[y * S + x]) shown[y * S + x] = '*';
                    shown[i] = '!'; fell = 1;
                } else if (shown[i] == '#') {
                    int head = 0, tail = 0;
                    shown[i] = near[i] ? '0' + near[i] : ' '; q[tail++] = i;
                    while (head < tail) {
                        int j = q[head++];
                        if (near[j]) continue;
                        for (int d = 0; d < 8; d++) {
                            int k = j + d8[d];
                            if (shown[k] == '#') { shown[k] = near[k] ? '0' + near[k] : ' '; q[tail++] = k; }
                        }
                    }
                }
            }
            room((size_t)(rows + 2) * (cols + 3) + 1);   /* 10.6 kB at most: fits the buffer */
            if (boards++) *op++ = '\n';
            char *fence = op;
            *op++ = '+'; memset(op, '-', cols); op += cols; *op++ = '+'; *op++ = '\n';
            for (int y = 1; y <= rows; y++) {
                *op++ = '|'; memcpy(op, shown + y * S + 1, cols); op += cols; *op++ = '|'; *op++ = '\n';
            }
            memcpy(op, fence, cols + 3); op += cols + 3;
        }
    }
    PUT("End of program 6 by team 0\n");
    flush();
    return 0;
}
