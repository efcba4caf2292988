# The output buffer shared by the compiled judge loops (twin: output_pure.py).
# It grows as needed; when judge() was given an emit function, the complete
# results it holds are handed to emit in chunks of about CHUNK bytes at the
# points the kernel calls out_boundary(), so memory stays bounded however
# much output a small input asks for (a 100x100 gopher board per 4-byte pick).
# emit may also be a file descriptor (an int): the chunks are then written
# there directly, without the GIL or a copy (what the CLI does).
# Functions run without the GIL and report failure as -1 / NULL; out_close()
# then raises what emit raised (for a descriptor: the OSError os.write would
# raise), or MemoryError.
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.errno cimport errno, EINTR
from cpython.ref cimport PyObject, Py_INCREF, Py_DECREF
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, strerror

cdef extern from *:
    # write(2), or the C runtime's _write on Windows (MSVC has no <unistd.h>);
    # a count above INT_MAX is a short write there, which out_write continues.
    """
    #ifdef _WIN32
    #include <io.h>
    static CYTHON_INLINE Py_ssize_t gg_write(int fd, const char *buf, Py_ssize_t n) {
        return _write(fd, buf, (unsigned int)(n > 0x7fffffff ? 0x7fffffff : n));
    }
    #else
    #include <unistd.h>
    static CYTHON_INLINE Py_ssize_t gg_write(int fd, const char *buf, Py_ssize_t n) {
        return write(fd, buf, (size_t)n);
    }
    #endif
    """
    Py_ssize_t gg_write(int fd, const char *buf, Py_ssize_t n) noexcept nogil

cdef extern from "Python.h":
    # what os.strerror() gives: the message in the locale's encoding
    unicode PyUnicode_DecodeLocale(const char *text, const char *errors)

cdef enum:
    CHUNK = 1 << 20     # to an emit function (both backends hand over the same chunks)
    # to a file descriptor: stays in the L2 cache (1 MiB was 5-10 % slower on gopher's 3.9 GB output)
    FD_CHUNK = 1 << 18

ctypedef struct Out:
    char *buf
    Py_ssize_t used, cap
    PyObject *emit      # borrowed from judge()'s argument; NULL: keep everything
    int fd              # or a file descriptor to write to (-1: none)
    int errno_          # what writing to fd failed with
    PyObject *error     # owned: the exception emit raised

cdef inline int out_open(Out *o, Py_ssize_t cap, object emit) except -1:
    o.buf = <char *>malloc(cap)
    if o.buf == NULL:
        raise MemoryError()
    o.used = 0
    o.cap = cap
    o.fd = emit if isinstance(emit, int) else -1
    o.errno_ = 0
    o.emit = NULL if emit is None or o.fd >= 0 else <PyObject *>emit
    o.error = NULL
    return 0

cdef inline char *reserve(Out *o, Py_ssize_t n) noexcept nogil:
    """Room for n more bytes: the write position, or NULL (out of memory)."""
    cdef char *grown
    if o.cap - o.used < n:
        grown = <char *>realloc(o.buf, o.cap * 2 + n)
        if grown == NULL:
            return NULL
        o.buf = grown
        o.cap = o.cap * 2 + n
    return o.buf + o.used

cdef inline int out_emit(Out *o) noexcept with gil:
    try:
        (<object>o.emit)(PyBytes_FromStringAndSize(o.buf, o.used))
    except BaseException as exc:
        Py_INCREF(exc)
        o.error = <PyObject *>exc
        return -1
    o.used = 0
    return 0

cdef inline int out_write(Out *o) noexcept nogil:
    """Write the buffer to o.fd, all of it (a short write is continued)."""
    cdef Py_ssize_t done = 0, k
    while done < o.used:
        k = gg_write(o.fd, o.buf + done, o.used - done)
        if k < 0:
            if errno == EINTR:
                continue
            o.errno_ = errno
            return -1
        done += k
    o.used = 0
    return 0

cdef inline int out_boundary(Out *o) noexcept nogil:
    """Call between complete results: hand them over once CHUNK bytes wait
    (FD_CHUNK to a file descriptor)."""
    if o.fd >= 0:
        return out_write(o) if o.used >= FD_CHUNK else 0
    if o.used >= CHUNK and o.emit != NULL:
        return out_emit(o)
    return 0

cdef inline bytes out_close(Out *o, int status):
    """What is left, as bytes, and the buffer freed; after a failure
    (status < 0), raises what emit raised or MemoryError instead."""
    cdef object exc
    try:
        if o.error != NULL:
            exc = <object>o.error
            Py_DECREF(exc)
            o.error = NULL
            raise exc
        if o.errno_:  # the OSError os.write raises
            raise OSError(o.errno_, PyUnicode_DecodeLocale(strerror(o.errno_), "surrogateescape"))
        if status < 0:
            raise MemoryError()
        return PyBytes_FromStringAndSize(o.buf, o.used)
    finally:
        free(o.buf)
        o.buf = NULL


cdef inline char *put_text(char *p, const char *text, Py_ssize_t n) noexcept nogil:
    memcpy(p, text, n)
    return p + n


cdef inline char *put_int(char *p, long long v) noexcept nogil:
    """A non-negative integer in decimal, without printf (at most 20 bytes)."""
    cdef char digits[24]
    cdef int nd = 0
    while True:
        digits[nd] = <char>(48 + v % 10)
        nd += 1
        v //= 10
        if v == 0:
            break
    while nd:
        nd -= 1
        p[0] = digits[nd]
        p += 1
    return p
