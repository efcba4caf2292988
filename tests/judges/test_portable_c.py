"""The kernels' C compiles on Windows too (MSVC has no <unistd.h>, no
clock_gettime...): no POSIX-only header or call outside an ``#ifdef _WIN32`` /
``_MSC_VER`` guard.  This machine has no MSVC: these tests keep the promise
until the wheels workflow's windows-latest leg shows it.

Checked twice: the kernels' sources (no ``cimport`` of Cython's posix.*
declarations, which include their headers unguarded; every verbatim C block
guarded), fast; and the C that Cython generates for every kernel (slow:
Cython's own utility code included).
"""
import re
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src" / "gridgames"
CYTHON_FILES = sorted(p for ext in ("*.pyx", "*.pxd", "*.pxi") for p in SRC.rglob(ext))
KERNELS = sorted(SRC.rglob("*.pyx"))

# Headers that MSVC's C runtime does not have (POSIX, or Unix only).
POSIX_HEADERS = {"unistd.h", "pthread.h", "sys/time.h", "sys/resource.h", "sys/mman.h", "sys/wait.h",
                 "sys/select.h", "sys/socket.h", "sys/ioctl.h", "sys/times.h", "sys/utsname.h",
                 "sys/uio.h", "dlfcn.h", "strings.h", "sched.h", "poll.h", "termios.h", "dirent.h",
                 "libgen.h", "glob.h", "regex.h", "syslog.h", "semaphore.h", "spawn.h", "pwd.h", "grp.h"}
# Functions MSVC does not have (it has _write, QueryPerformanceCounter...).
POSIX_CALLS = {"write", "read", "close", "clock_gettime", "gettimeofday", "getrusage", "sysconf", "nanosleep",
               "usleep", "sleep", "posix_memalign", "mmap", "munmap", "fork", "getpid", "isatty", "times",
               "pthread_create", "pthread_mutex_lock", "pthread_mutex_unlock", "sigaction", "alarm"}
# A conditional that names one of these makes the code under it platform code.
GUARDS = re.compile(r"\b(_WIN32|_WIN64|_MSC_VER|MS_WINDOWS|HAVE_PTHREAD_H|__unix__|__linux__|__APPLE__)\b")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
CALL = re.compile(r"(?<![\w.>])(" + "|".join(sorted(POSIX_CALLS)) + r")\s*\(")


def unguarded(c_text):
    """(line number, what) of each POSIX-only include or call in C text that
    no enclosing #if/#elif/#else chain guards by platform."""
    c_text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m[0].count("\n"), c_text, flags=re.S)  # comments
    stack = []  # per open #if: does its chain (so far) name a platform?
    found = []
    for no, line in enumerate(c_text.splitlines(), 1):
        directive = re.match(r"^\s*#\s*(\w+)(.*)", line)
        if directive:
            word, rest = directive.groups()
            if word in ("if", "ifdef", "ifndef"):
                stack.append(bool(GUARDS.search(rest)))
            elif word in ("elif", "else") and stack:
                stack[-1] = stack[-1] or bool(GUARDS.search(rest))
            elif word == "endif" and stack:
                stack.pop()
            elif word == "include":
                header = INCLUDE.match(line)[1]
                if header in POSIX_HEADERS and not any(stack):
                    found.append((no, f"#include <{header}>"))
            continue
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', line).split("//")[0]  # no strings, no comment
        if not any(stack):
            found.extend((no, f"{m[1]}()") for m in CALL.finditer(code))
    return found


def verbatim_blocks(text):
    """The verbatim C of each ``cdef extern from *:`` block (its docstring)."""
    return re.findall(r'cdef extern from \*:\s*\n(?:\s*#[^\n]*\n)*\s*"""(.*?)"""', text, re.S)


def test_the_checker_finds_what_it_must():
    assert unguarded("#include <unistd.h>\nint f(void) { return write(1, 0, 0); }\n") == \
        [(1, "#include <unistd.h>"), (2, "write()")]
    assert unguarded("#ifdef _WIN32\n#include <io.h>\n#else\n#include <unistd.h>\n"
                     "static int f(void) { return write(1, 0, 0); }\n#endif\n") == []
    assert unguarded("#if defined(HAVE_PTHREAD_H)\n#include <pthread.h>\n#endif\n") == []
    # a guard that is not about the platform guards nothing
    assert unguarded("#ifdef NDEBUG\n#include <sys/time.h>\n#endif\n#include <stdio.h>\n") == \
        [(2, "#include <sys/time.h>")]
    # nor does one that closed before
    assert unguarded("#ifdef _WIN32\n#endif\nclock_gettime(0, 0);\n") == [(3, "clock_gettime()")]
    assert unguarded("x = obj->write(1); y = f.read(2); gg_write(1, b, n);\n") == []
    assert unguarded("/* k = write(fd, p, n)\n * read(0) */ int x;\nread(0, b, 1);\n") == [(3, "read()")]
    assert unguarded('{"close", f, "x\\" write(1)"},\n') == []


@pytest.mark.parametrize("path", CYTHON_FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_kernel_sources_are_portable(path):
    text = path.read_text()
    posix = re.findall(r"^\s*(?:from\s+posix\b|cimport\s+posix\b).*", text, re.M)
    assert not posix, f"{path.name}: Cython's posix declarations include their headers unguarded: {posix}"
    for block in verbatim_blocks(text):
        assert unguarded(block) == [], f"{path.name}: unguarded POSIX-only C: {unguarded(block)}"


def test_the_sources_are_read():
    """The verbatim blocks the test above checks are found (the write() shim among them)."""
    blocks = [b for p in CYTHON_FILES for b in verbatim_blocks(p.read_text())]
    assert any("<unistd.h>" in b and "_WIN32" in b for b in blocks)
    assert any("clock_gettime" in b for b in blocks)


@pytest.mark.slow
@pytest.mark.parametrize("path", KERNELS, ids=lambda p: str(p.relative_to(SRC)))
def test_generated_c_is_portable(path, tmp_path):
    """The C that Cython writes for each kernel, its own utility code included."""
    out = tmp_path / "kernel.c"
    subprocess.run([sys.executable, "-m", "cython", "-3", "-I", str(SRC.parent), "-X", "freethreading_compatible=True",
                    "-o", str(out), str(path)], check=True, capture_output=True)
    text = out.read_text()
    assert "#include" in text
    assert unguarded(text) == []
