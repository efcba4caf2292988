"""Build the Cython kernels; metadata lives in pyproject.toml.

Every ``src/gridgames/**/*.pyx`` (the kernels) becomes an extension.  The build is
optional (like simplejson's): if compiling fails, the pure-Python twins are
installed alone, unless GRIDGAMES_REQUIRE_EXTENSION=1 makes the failure fatal
(CI, .ci/run and cibuildwheel set it).

A build cache makes a second `pip install .` of the same sources quick: pip
builds in a fresh environment each time, whose Cython files are newer than
the generated C, so Cython and the compiler would run again on sources that
did not change.  The C of every kernel is kept under a key of the contents
of every .pyx, .pxd and .pxi, this file and Cython's version; each compiled
module under a key of its C, the compiler, its flags and Python's ABI.  The
cache is GRIDGAMES_BUILD_CACHE (default: the user's cache directory,
gridgames/build; "off" or "0": none).
"""
import contextlib
import hashlib
import os
import shutil
import sys
import sysconfig
import tempfile
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

REQUIRE = os.environ.get("GRIDGAMES_REQUIRE_EXTENSION", "") not in ("", "0")


def cache_dir():
    """The build cache's directory, or None when it is off."""
    chosen = os.environ.get("GRIDGAMES_BUILD_CACHE")
    if chosen is not None:
        return None if chosen.lower() in ("", "0", "off", "no") else chosen
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "gridgames", "build")


def digest(*parts):
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else repr(part).encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def prune(directory, most):
    """Remove all but the ``most`` entries of ``directory`` used last (a
    kernel's C is megabytes, and each change to a source is a new entry)."""
    entries = sorted(os.scandir(directory), key=lambda e: e.stat().st_mtime, reverse=True)
    for entry in entries[most:]:
        shutil.rmtree(entry.path, ignore_errors=True)


def keep(source, target):
    """Copy ``source`` to ``target`` whole (another build may read it meanwhile),
    as a new file: with the source's old time, build_ext --inplace would not copy a
    module from the cache over a newer one in the tree (a stale kernel)."""
    os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=os.path.dirname(target) or ".", prefix=".part-")
    os.close(fd)
    try:
        shutil.copyfile(source, temporary)
        shutil.copymode(source, temporary)
        os.replace(temporary, target)
    except OSError:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def quiet_stderr():
    """Standard error (the file, so the compiler's too) to nowhere: a probe's failure is expected."""
    sys.stderr.flush()
    saved = os.dup(2)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class OptionalBuildExt(build_ext):
    def build_extensions(self):
        # Python's own CFLAGS carry -g: 1.5 MB modules.  Keep debug info only
        # when asked for it (e.g. the ASan build sets CFLAGS="... -g").
        if self.compiler.compiler_type == "unix" and "-g" not in os.environ.get("CFLAGS", "").split():
            for ext in self.extensions:
                ext.extra_compile_args.append("-g0")
        # Python's CFLAGS carry -fwrapv, which CPython's own code needs; the
        # kernels do not (UBSan checks them without it: tools/sanitize.sh), and
        # the C baselines they are measured against compile without it: 4-5 %
        # fewer instructions in the judge loops.  Loops start on 64-byte lines:
        # the gopher judge's time swung by 5-10 % with the flood loop's place
        # in the module, moved by unrelated edits.
        flags = [flag for flag in ("-fno-wrapv", "-fno-wrapv-pointer", "-falign-loops=64") if self._accepts(flag)]
        flags += self._float_flags()
        for ext in self.extensions:
            ext.extra_compile_args.extend(flags)
        super().build_extensions()

    def _float_flags(self):
        """One float result everywhere: each double operation rounded to an IEEE double as
        written, as the pure twins' Python floats are.  Else a*b+c may become one fused
        multiply-add (GCC's default on aarch64, s390x, ppc64le; clang's within an expression)
        and 32-bit x86 keeps 80-bit x87 intermediates: a search's policy then differs in its last
        bits between platforms and backends.  extra_compile_args come after CFLAGS on the
        compiler's command line, so these win over a CFLAGS="-ffp-contract=fast".  MSVC:
        /fp:precise, which contracts nothing since Visual Studio 2022 (17.0); before it, only an
        /arch:AVX2 target (never set here) had FMA to contract into (MSVC has no flag against it)."""
        if self.compiler.compiler_type == "msvc":
            return ["/fp:precise"]
        wanted = [["-fno-fast-math"], ["-ffp-contract=off"]]  # (a CFLAGS=-Ofast reorders sums too)
        if self._compiles("#if !defined(__i386__)\n#error not 32-bit x86\n#endif\n"):
            # (together: -mfpmath=sse alone warns; the kernels then need SSE2: Pentium 4, Athlon 64 on)
            wanted.append(["-msse2", "-mfpmath=sse"])
        return [flag for flags in wanted if self._accepts(*flags) for flag in flags]

    def _accepts(self, *flags):
        """Whether the C compiler takes ``flags`` (compiles an empty file with them)."""
        return self._compiles("int main(void) { return 0; }\n", ["-Werror", *flags])

    def _compiles(self, code, flags=()):
        """Whether the C compiler (gcc-like) compiles ``code`` with ``flags``."""
        if self.compiler.compiler_type not in ("unix", "mingw32", "cygwin"):
            return False
        with tempfile.TemporaryDirectory() as tmp, quiet_stderr():
            source = os.path.join(tmp, "probe.c")
            with open(source, "w") as f:
                f.write(code)
            try:
                self.compiler.compile([source], output_dir=tmp, extra_postargs=list(flags))
            except Exception:
                return False
        return True

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler, no headers, ...
            self._give_up(exc)

    def build_extension(self, ext):
        try:
            cached = self._cached(ext)
            target = self.get_ext_fullpath(ext.name)
            if cached and os.path.exists(cached) and not self.force:
                try:
                    keep(cached, target)  # the same C, compiler, flags and Python: the same module
                    os.utime(os.path.dirname(cached))  # (used: pruned last)
                    return
                except OSError:
                    pass  # (a cache that cannot be read: compiled as without one)
            if cached and os.path.exists(target):
                # Compiled for certain: distutils skips a module newer than its C, and
                # that module would then be kept under this C's key.
                os.unlink(target)
            super().build_extension(ext)
            if cached:
                try:
                    keep(target, cached)
                    prune(os.path.dirname(os.path.dirname(cached)), 100)
                except OSError:
                    pass  # (a cache that cannot be written: the next build compiles again)
        except Exception as exc:
            self._give_up(exc)

    def _cached(self, ext):
        """Where the cache keeps ``ext`` compiled (None: no cache)."""
        root = cache_dir()
        if root is None or self.compiler.compiler_type != "unix":
            return None
        sources = b"".join(open(source, "rb").read() for source in ext.sources)
        tools = [getattr(self.compiler, name, None) for name in ("compiler_so", "linker_so")]
        flags = [os.environ.get(name) for name in ("CC", "CFLAGS", "CPPFLAGS", "LDFLAGS", "LDSHARED")]
        python = [sysconfig.get_config_var(name) for name in ("EXT_SUFFIX", "SOABI", "CFLAGS", "LDSHARED")]
        key = digest(sources, ext.extra_compile_args, ext.extra_link_args, ext.define_macros, tools, flags,
                     python, sys.version, self.debug)
        return os.path.join(root, "modules", key, os.path.basename(self.get_ext_filename(ext.name)))

    def _give_up(self, exc):
        if REQUIRE:
            raise
        sys.stderr.write(
            f"WARNING: gridgames kernels not compiled ({exc}); "
            "installing the pure-Python backend only.\n"
        )


def extensions():
    try:
        import Cython
        from Cython.Build import cythonize
    except ImportError:
        if REQUIRE:
            raise
        return []
    sources = sorted(glob("src/gridgames/**/*.pyx", recursive=True))
    if REQUIRE and not sources:
        raise RuntimeError("no src/gridgames/**/*.pyx to compile")
    # The Cython directives of every kernel, here only (not in the .pyx headers).
    directives = {"language_level": 3, "boundscheck": False, "wraparound": False,
                  "cdivision": True, "initializedcheck": False, "freethreading_compatible": True}
    root = cache_dir()
    if root is None:
        return cythonize(sources, compiler_directives=directives, include_path=["src"], quiet=True)
    # Any change to any kernel's source (or to this file, or Cython) is another key: all are generated again.
    inputs = sorted(p for ext in ("pyx", "pxd", "pxi") for p in glob(f"src/gridgames/**/*.{ext}", recursive=True))
    inputs.append(os.path.abspath(__file__))
    key = digest(Cython.__version__, directives,
                 *[(os.path.relpath(p).replace(os.sep, "/"), open(p, "rb").read()) for p in inputs])
    kept = os.path.join(root, "c", key)
    generated = [source[:-4] + ".c" for source in sources]
    if all(os.path.exists(os.path.join(kept, c)) for c in generated):
        try:
            for c in generated:  # (the same C left as it is: its time too, so an in-tree build is up to date)
                if not (os.path.exists(c) and open(c, "rb").read() == open(os.path.join(kept, c), "rb").read()):
                    keep(os.path.join(kept, c), c)
            os.utime(kept)  # (used: pruned last)
            return [Extension(os.path.relpath(c, "src")[:-2].replace(os.sep, "."), [c]) for c in generated]
        except OSError:
            pass  # (a cache that cannot be read: Cython makes the C as without one)
    modules = cythonize(sources, compiler_directives=directives, include_path=["src"], quiet=True)
    try:
        for c in generated:
            keep(c, os.path.join(kept, c))
        prune(os.path.join(root, "c"), 4)
    except OSError:
        pass  # (a cache that cannot be written: the next build generates again)
    return modules


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
