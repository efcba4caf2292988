#!/usr/bin/env bash
# The kernels built with flags that change floating-point results, and their twin tests:
#
#   tools/hostile_build.sh [PYTEST ARGS]      e.g. tools/hostile_build.sh -q
#
# CFLAGS="-O2 -ffast-math -ffp-contract=fast" (and -mfma on x86_64) lets the compiler fuse a*b+c
# into one fused multiply-add, as GCC does by default on aarch64, s390x and ppc64le, and reorder
# sums; setup.py's -fno-fast-math -ffp-contract=off, later on the command line, must win.  The script proves that the test means
# something: the search module's C compiled with these CFLAGS alone holds fused instructions,
# the module setup.py built from it holds none.  Then the twin tests (compiled vs pure; the fast
# tier's tests named *twin*) and the golden outputs (tools/golden.py check) run on that build.
#
# As tools/sanitize.sh: the checkout (tracked and untracked files) is copied to a build folder and
# built there in place (the checkout's own build is untouched); the tests run there, in a venv of
# their own, gridgames from the build's src/ by PYTHONPATH.  GRIDGAMES_HOSTILE_DIR
# (default ${TMPDIR:-/tmp}/gridgames-hostile) holds both, kept between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

base="${GRIDGAMES_HOSTILE_DIR:-${TMPDIR:-/tmp}/gridgames-hostile}"
venv="$base/venv" build="$base/tree"
mkdir -p "$base" "$build"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
fi
py="$venv/bin/python"
mapfile -t reqs < <("$py" tools/extra_requirements.py test --without mypy)
"$py" -m pip install --quiet --prefer-binary "${reqs[@]}"

cc="${CC:-gcc}"
hostile="-O2 -ffast-math -ffp-contract=fast"
fused='vfn?m(add|sub)[0-9a-z]*'                # x86's FMA instructions
case "$(uname -m)" in
  x86_64) hostile="$hostile -mfma" ;;
  aarch64) fused='fn?m(add|sub)' ;;             # (fmadd, fmsub, fnmadd, fnmsub)
esac

git ls-files -z --cached --others --exclude-standard | tar -c --null -T - -f - | tar -x -C "$build" -f -
(cd "$build" && env CC="$cc" CFLAGS="$hostile" GRIDGAMES_REQUIRE_EXTENSION=1 GRIDGAMES_BUILD_CACHE=off \
  nice -n 5 "$py" setup.py build_ext --inplace --force > "$base/build.log" 2>&1) \
  || { tail -40 "$base/build.log"; exit 1; }

# The proof: fused instructions in the search module's C with CFLAGS alone, none in the build.
search="$build/src/gridgames/samegame/research/_search"
include="$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
# shellcheck disable=SC2086
"$cc" $hostile -fPIC -I"$include" -c "$search.c" -o "$base/search-cflags-alone.o"
count() { objdump -d "$1" | grep -cE "^\s+[0-9a-f]+:.*\s$fused\s" || true; }
alone="$(count "$base/search-cflags-alone.o")" built="$(count "$search".*.so)"
order="$(grep -E " -c \S*_search\.c " "$base/build.log" | grep -oE -- "-f(no-)?fast-math|-ffp-contract=[a-z]+" | tr '\n' ' ')"
echo "hostile: the search module's compile command says, in this order: $order"
echo "hostile: CFLAGS=\"$hostile\": $alone fused instructions in the search module with CFLAGS alone, $built in the build"
if [ "$alone" -eq 0 ]; then
  echo "hostile: these CFLAGS fuse nothing here: the test below would prove nothing" >&2; exit 1
fi
if [ "$built" -ne 0 ]; then
  echo "hostile: the build holds fused instructions: setup.py's -ffp-contract=off did not win" >&2; exit 1
fi

# From the copy: its tests are those of the sources built (the checkout may change meanwhile).
cd "$build"
export PYTHONPATH="$build/src" PATH="$venv/bin:$PATH"
version="$("$py" -m gridgames --version)"
case "$version" in
  *"(compiled)"*) echo "hostile: $version, built in $build" ;;
  *) echo "hostile: the compiled kernels are not in use: $version" >&2; exit 1 ;;
esac
"$py" -m pytest -p no:cacheprovider -m "not slow" -k twin "$@" tests
"$py" tools/golden.py check --backend compiled
