"""Build the Cython kernels; metadata lives in pyproject.toml.

Every ``src/gridgames/**/*.pyx`` (the kernels) becomes an extension.  The build is
optional (like simplejson's): if compiling fails, the pure-Python twins are
installed alone, unless GRIDGAMES_REQUIRE_EXTENSION=1 makes the failure fatal
(CI, .ci/run and cibuildwheel set it).
"""
import os
import sys
import tempfile
from glob import glob

from setuptools import setup
from setuptools.command.build_ext import build_ext

REQUIRE = os.environ.get("GRIDGAMES_REQUIRE_EXTENSION", "") not in ("", "0")


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
        # in the module, moved by unrelated edits (issue 37).
        flags = [flag for flag in ("-fno-wrapv", "-fno-wrapv-pointer", "-falign-loops=64") if self._accepts(flag)]
        for ext in self.extensions:
            ext.extra_compile_args.extend(flags)
        super().build_extensions()

    def _accepts(self, flag):
        """Whether the C compiler takes ``flag`` (compiles an empty file with it)."""
        if self.compiler.compiler_type != "unix":
            return False
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "flag.c")
            with open(source, "w") as f:
                f.write("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([source], output_dir=tmp, extra_postargs=["-Werror", flag])
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
            super().build_extension(ext)
        except Exception as exc:
            self._give_up(exc)

    def _give_up(self, exc):
        if REQUIRE:
            raise
        sys.stderr.write(
            f"WARNING: gridgames kernels not compiled ({exc}); "
            "installing the pure-Python backend only.\n"
        )


def extensions():
    try:
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
    return cythonize(sources, compiler_directives=directives, include_path=["src"], quiet=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
