/* A tight, independent C gopher-hole judge: the speed baseline for the
 * compiled kernel (and a third opinion on its output).  Valid input only;
 * a pick outside the field is warned about on stderr, as gridgames does.
 *   gcc -O3 -o gopher benchmarks/baseline/gopher.c && ./gopher < file
 *
 * Technique (what a contest's fastest accepted solutions do):
 * - the field IS its rendered text: the fenced board, rows of cols + 3 bytes
 *   ('|', the patches, '|', '\n'), fences above and below.  A patch (r, c)
 *   lives at r * (cols + 3) + c, its eight neighbours at fixed offsets; the
 *   fence characters are never '#', so the flood stops there by itself;
 * - a pick rewrites only the patches it reveals (a fall: the holes, from
 *   the list of them), never the whole board;
 * - each printed board is one memcpy of that text (with the empty line
 *   before it) into one large output buffer (judge_io.h: OUT_CAP bytes,
 *   written with write() when full); no per-cell or per-row formatting;
 * - input read in large read() calls, integers parsed by hand. */
#include "judge_io.h"

enum { N = 100, W = N + 3, CELLS = (N + 2) * W };
static unsigned char *line_at, *lend, *lp;   /* the line [line_at, lend), the next byte to parse */
static long line_no;
static unsigned char hole[CELLS], near[CELLS];
static char text[1 + CELLS];                  /* '\n', then the board */
static int holes[CELLS], q[CELLS + 8];
static const char shown[9] = " 12345678";   /* an inspected patch, by adjacent holes */

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

/* A fresh rows x cols field: fences and '#' rows, no holes. */
static void field(char *b, int rows, int cols) {
    int w = cols + 3;
    memset(hole, 0, (size_t)(rows + 2) * w); memset(near, 0, (size_t)(rows + 2) * w);
    b[0] = '+'; memset(b + 1, '-', cols); b[cols + 1] = '+'; b[cols + 2] = '\n';
    for (int y = 1; y <= rows; y++) {
        char *row = b + y * w;
        row[0] = '|'; memset(row + 1, '#', cols); row[cols + 1] = '|'; row[cols + 2] = '\n';
    }
    memcpy(b + (rows + 1) * w, b, w);
}

int main(void) {
    long boards = 0, game = 0;
    char *b = text + 1;
    text[0] = '\n';
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
        int w = (int)cols + 3, size = (int)(rows + 2) * w, nh = 0;
        const int d8[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
        field(b, (int)rows, (int)cols);
        for (long i = 0; i < nholes; i++) {
            next_line(); num(&r); num(&c);
            int j = (int)(r * w + c);
            if (hole[j]) continue;
            hole[j] = 1; holes[nh++] = j;
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
                int i = (int)(r * w + c);
                if (hole[i]) {
                    for (int k = 0; k < nh; k++) b[holes[k]] = '*';
                    b[i] = '!'; fell = 1;
                } else if (b[i] == '#') {
                    int head = 0, tail = 0;
                    b[i] = shown[near[i]]; q[tail] = i; tail += !near[i];
                    while (head < tail) {   /* the queue holds zero patches only */
                        int j = q[head++];
                        for (int d = 0; d < 8; d++) {   /* a slot written either way: no branch on near */
                            int k = j + d8[d];
                            if (b[k] != '#') continue;
                            b[k] = shown[near[k]]; q[tail] = k; tail += !near[k];
                        }
                    }
                }
            }
            if (boards++) put(text, (size_t)size + 1); else put(b, (size_t)size);
        }
    }
    PUT("End of program 6 by team 0\n");
    flush();
    return 0;
}
