/* A tight, independent C gopher-hole judge: the speed baseline for the
 * compiled kernel (and a third opinion on its output).  Valid input only;
 * a pick outside the field is warned about on stderr, as gridgames does.
 *   gcc -O2 -o gopher benchmarks/baseline/gopher.c && ./gopher < file  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 100, S = N + 2, OUTCAP = 1 << 20 };
static unsigned char *ip, *iend, *line_at;
static long line_no;
static char out[OUTCAP + 65536], *o = out;
static unsigned char hole[S * S], near[S * S], shown[S * S];
static int q[S * S];

static void room(size_t n) { if ((size_t)(o - out) + n > OUTCAP) { fwrite(out, 1, o - out, stdout); o = out; } }

/* The next line: [line_at, ip) without its LF; 0 at the end of input. */
static unsigned char *lend;
static int next_line(void) {
    if (ip >= iend) return 0;
    line_at = ip; line_no++;
    unsigned char *nl = memchr(ip, '\n', iend - ip);
    lend = nl ? nl : iend;
    ip = nl ? nl + 1 : iend;
    return 1;
}
static unsigned char *lp;
static int num(long *v) {   /* 0: no number left on the line */
    long x = 0, neg = 0;
    while (lp < lend && (*lp == ' ' || *lp == '\t' || *lp == '\r')) lp++;
    if (lp == lend) return 0;
    if (*lp == '-') { neg = 1; lp++; }
    while (lp < lend && *lp >= '0' && *lp <= '9') { if (x < 1000000000) x = x * 10 + (*lp - '0'); lp++; }
    *v = neg ? -x : x;
    return 1;
}

int main(void) {
    size_t cap = 1 << 20, n = 0, got;
    unsigned char *in = malloc(cap);
    while ((got = fread(in + n, 1, cap - n, stdin)) > 0) { n += got; if (n == cap) in = realloc(in, cap *= 2); }
    ip = in; iend = in + n;
    long boards = 0, game = 0;
    room(64); o += sprintf(o, "Program 6 by team 0\n");
    for (;;) {
        long rows, cols, nholes, r, c;
        int found = 0;
        while (next_line()) { lp = line_at; if (num(&rows)) { found = 1; break; } }
        if (!found) break;
        game++;
        num(&cols);
        next_line(); lp = line_at; num(&nholes);
        memset(hole, 0, sizeof hole); memset(near, 0, sizeof near); memset(shown, 0, sizeof shown);
        for (int i = 1; i <= rows; i++) memset(shown + i * S + 1, '#', cols);
        for (long i = 0; i < nholes; i++) {
            next_line(); lp = line_at; num(&r); num(&c);
            int j = (int)(r * S + c);
            if (hole[j]) continue;
            hole[j] = 1;
            static const int d8[8] = {-S - 1, -S, -S + 1, -1, 1, S - 1, S, S + 1};
            for (int d = 0; d < 8; d++) near[j + d8[d]]++;
        }
        int fell = 0; long pick = 0;
        while (next_line()) {
            lp = line_at;
            unsigned char *first = lp;
            if (!num(&r)) break;
            num(&c); pick++;
            if (fell) continue;
            while (*first == ' ' || *first == '\t') first++;
            if (r < 1 || r > rows || c < 1 || c > cols) {
                int len = (int)(lend - first); while (len && (first[len - 1] == '\r' || first[len - 1] == ' ')) len--;
                fprintf(stderr, "%ld:%ld: game %ld, pick %ld: warning: pick '%.*s' is outside the %ldx%ld field; nothing changes\n",
                        line_no, (long)(first - line_at) + 1, game, pick, len, (char *)first, rows, cols);
            } else {
                int i = (int)(r * S + c);
                if (hole[i]) {
                    for (int y = 1; y <= rows; y++) for (int x = 1; x <= cols; x++) if (hole[y * S + x]) shown[y * S + x] = '*';
                    shown[i] = '!'; fell = 1;
                } else if (shown[i] == '#') {
                    static const int d8[8] = {-S - 1, -S, -S + 1, -1, 1, S - 1, S, S + 1};
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
            room((rows + 2) * (cols + 3) + 1);
            if (boards++) *o++ = '\n';
            char *fence = o;
            *o++ = '+'; memset(o, '-', cols); o += cols; *o++ = '+'; *o++ = '\n';
            for (int y = 1; y <= rows; y++) {
                *o++ = '|'; memcpy(o, shown + y * S + 1, cols); o += cols; *o++ = '|'; *o++ = '\n';
            }
            memcpy(o, fence, cols + 3); o += cols + 3;
        }
    }
    room(64); o += sprintf(o, "End of program 6 by team 0\n");
    fwrite(out, 1, o - out, stdout);
    return 0;
}
