/* The I/O of the tight C judges: input read in large read() calls into one
 * buffer, integers parsed by hand, output formatted by hand into a 64 KiB
 * buffer written with write(); no stdio.  Valid input only. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#ifndef OUT_CAP
#define OUT_CAP (1 << 16)
#endif
enum { IN_CAP = 1 << 20, AHEAD = 64 };
static unsigned char in_buf[IN_CAP + 1], *ip = in_buf, *iend = in_buf;
static int in_eof;
static char out_buf[OUT_CAP], *op = out_buf;

/* Keep [ip, iend), read more after it; 0 at the end of input.  A NUL
 * sentinel follows the data: no digit, no newline. */
static int more(void) {
    size_t keep = (size_t)(iend - ip);
    ssize_t k;
    memmove(in_buf, ip, keep);
    ip = in_buf; iend = in_buf + keep;
    if (in_eof) return 0;
    do k = read(0, iend, IN_CAP - keep); while (k < 0 && errno == EINTR);
    if (k <= 0) in_eof = 1; else iend += k;
    *iend = 0;
    return k > 0;
}

/* The next integer (a '-' sign when signed), anything else skipped; -1 at
 * the end of input (unsigned). */
static inline long num_any(int sign) {
    long v = 0, neg = 0;
    for (;;) {
        while (ip < iend && (unsigned)(*ip - '0') > 9 && !(sign && *ip == '-')) ip++;
        if (iend - ip >= AHEAD || in_eof) break;
        more();   /* a whole token ahead, never cut */
    }
    if (ip == iend) return -1;
    if (*ip == '-') { neg = 1; ip++; }
    while ((unsigned)(*ip - '0') <= 9) { if (v < 1000000000) v = v * 10 + (*ip - '0'); ip++; }
    return neg ? -v : v;
}

static void flush(void) {
    char *p = out_buf;
    while (p < op) {
        ssize_t k = write(1, p, (size_t)(op - p));
        if (k < 0) { if (errno == EINTR) continue; _exit(2); }
        p += k;
    }
    op = out_buf;
}
static inline void room(size_t n) { if ((size_t)(out_buf + OUT_CAP - op) < n) flush(); }
static inline void put(const char *s, size_t n) { room(n); memcpy(op, s, n); op += n; }
#define PUT(lit) put(lit, sizeof lit - 1)
static inline void put_int(long v) {   /* non-negative */
    char d[24]; int n = 0;
    room(24);
    do { d[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (n) *op++ = d[--n];
}
