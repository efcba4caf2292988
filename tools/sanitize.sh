#!/usr/bin/env bash
# The kernels under AddressSanitizer and UndefinedBehaviorSanitizer:
#
#   tools/sanitize.sh [PYTEST ARGS]          e.g. tools/sanitize.sh -m "not slow" -q
#   tools/sanitize.sh --run COMMAND [ARGS]   any command in the same setting, e.g.
#                                            tools/sanitize.sh --run python tools/fuzz.py gopher --seconds 60
#
# The checkout (tracked and untracked files, not the ignored ones) is copied to a build
# folder, its kernels built there in place with
#   -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g
# (the checkout's own build is untouched), and the command runs in the checkout in a venv of its
# own (the test and fuzz dependency groups' requirements; gridgames itself from the build's src/ by
# PYTHONPATH), with the sanitizers' runtimes preloaded (Python itself is not built with them)
# and ASAN_OPTIONS=detect_leaks=0 (CPython's own allocations at exit are not leaks).
# Every report, from this process or any child (the CLI tests run `python -m gridgames`),
# goes to a log file of its own, and the output is searched for reports too; the script exits
# non-zero when the command fails or when any report was found, and prints the reports.
#
# CC=clang: the same with clang, whose kernels also give libFuzzer their edges (tools/fuzz.py
# under it has native coverage; its runtime is atheris's asan_with_fuzzer.so, preloaded).
#
# GRIDGAMES_SANITIZE_DIR (default ${TMPDIR:-/tmp}/gridgames-sanitize) holds the venv and the
# build; both are kept between runs, so a second run only rebuilds the kernels that changed.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

base="${GRIDGAMES_SANITIZE_DIR:-${TMPDIR:-/tmp}/gridgames-sanitize}"
venv="$base/venv"
mkdir -p "$base"

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
fi
py="$venv/bin/python"
# The extras' requirements (not gridgames itself: it comes from the sanitized build).
mapfile -t reqs < <("$py" tools/extra_requirements.py test fuzz)
"$py" -m pip install --quiet --prefer-binary "${reqs[@]}"

cc="${CC:-gcc}"
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g"
case "$("$cc" --version | head -1)" in
  *clang*)
    # clang: the kernels also report their edges to libFuzzer (tools/fuzz.py then sees native
    # coverage), and the runtime is atheris's clang ASan with libFuzzer in it.
    flags="$flags -fsanitize=fuzzer-no-link" kind=clang ldshared="$cc -shared"
    preload="$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/asan_with_fuzzer.so" ;;
  *)
    kind=gcc ldshared=""
    preload="$("$cc" -print-file-name=libasan.so) $("$cc" -print-file-name=libubsan.so)" ;;
esac
build="$base/tree-$kind" logs="$base/logs-$kind"   # each compiler its own build and logs
for lib in $preload; do
  [ -f "$lib" ] || { echo "sanitizer runtime not found: $lib (gcc's libasan/libubsan; for clang, atheris)" >&2; exit 1; }
done

# The tree, copied with its files' times (the build then redoes only what changed).
mkdir -p "$build"
git ls-files -z --cached --others --exclude-standard | tar -c --null -T - -f - | tar -x -C "$build" -f -
(cd "$build" && env CC="$cc" ${ldshared:+"LDSHARED=$ldshared"} CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" \
  GRIDGAMES_REQUIRE_EXTENSION=1 nice -n 5 "$py" setup.py -q build_ext --inplace > "$base/build-$kind.log" 2>&1) \
  || { tail -40 "$base/build-$kind.log"; exit 1; }

rm -rf "$logs" && mkdir -p "$logs"

if [ "${1:-}" = "--run" ]; then
  shift
  cmd=("$@")
else
  cmd=("$py" -m pytest -p no:cacheprovider "$@")
fi
export PATH="$venv/bin:$PATH" GRIDGAMES_CHECKOUT="$root"  # tools/fuzz.py writes reproducers there
# The sanitized kernels are the ones in use (not a pure fallback, not another install).
version="$(LD_PRELOAD="$preload" ASAN_OPTIONS=detect_leaks=0 PYTHONPATH="$build/src" "$py" -m gridgames --version)"
case "$version" in
  *"(compiled)"*) echo "sanitize: $version, built in $build" ;;
  *) echo "sanitize: the compiled kernels are not in use: $version" >&2; exit 1 ;;
esac
status=0
(
  # from the checkout (its tests, its git history), gridgames from the build
  # abort_on_error: a report kills the process (and fails its test) at once.
  # alloc_dealloc_mismatch=0: the preload reaches every program the tests run, and groff's troff
  # (C++) frees with delete[] what it malloc'ed; the kernels are C (malloc/free only), so the
  # check could only ever fire in such a program.
  LD_PRELOAD="$preload" PYTHONPATH="$build/src" \
    ASAN_OPTIONS="detect_leaks=0:alloc_dealloc_mismatch=0:abort_on_error=1:allocator_may_return_null=1:log_path=$logs/asan" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan" \
    "${cmd[@]}" 2>&1 | tee "$base/run-$kind.log"
  exit "${PIPESTATUS[0]}"
) || status=$?

# the log too: a report that reached standard error rather than its own file
if grep -E "runtime error:|ERROR: (Address|UndefinedBehavior|Leak)Sanitizer|SUMMARY: [A-Za-z]+Sanitizer" \
    "$base/run-$kind.log" > "$logs/from-the-output.txt"; then
  :
else
  rm -f "$logs/from-the-output.txt"
fi
reports=$(find "$logs" -type f | sort)
if [ -n "$reports" ]; then
  for f in $reports; do echo "== $f"; cat "$f"; done
  echo "sanitize: $(echo "$reports" | wc -l) sanitizer report(s) (above)" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "sanitize: the command failed (exit $status), no sanitizer report" >&2
  exit "$status"
fi
echo "sanitize: 0 sanitizer reports"
