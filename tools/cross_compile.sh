#!/usr/bin/env bash
# Compile every kernel's generated C for the wheels' other systems, on this Linux machine: Windows (mingw
# ABI) and macOS, x86_64 and aarch64, with `zig cc` (PyPI's ziglang) against CPython's own headers, at
# -Wall -Wextra (-O0: clang's warnings do not depend on it, and it is quicker): any warning fails. Then what
# Windows does differently: `long` is 32 bits there, so a -Wconversion warning (-Wshorten-64-to-32 among
# them) that the Windows target gives at a place of a kernel where x86_64 Linux gives none is a value cut to
# 32 bits on Windows only: any such warning fails. Compile only: nothing is linked or run there.
#
#   tools/cross_compile.sh [-j JOBS] [--keep]     (1-3 min on 2 cores; see docs/platforms.md)
#
# Tools and headers are kept in GRIDGAMES_CROSS_DIR (default: ~/.cache/gridgames/cross): a venv with
# ziglang, and CPython's Include/ and PC/pyconfig.h (Windows) from Debian's source package of python3.11
# (apt-get source, with apt's lists in that directory: the system's apt configuration is not touched).
# macOS has no pyconfig.h in CPython's source (configure writes it): Debian's x86_64 one stands in (both
# systems are LP64). The C comes from setup.py (the same Cython, directives and build cache).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,15s/^# \{0,1\}//p' "$0"; }
jobs="$(nproc)"; keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "cross_compile.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

targets="x86_64-windows-gnu aarch64-windows-gnu x86_64-macos aarch64-macos"
zig_version="0.17.1"
cpython="python3.11"
dir="${GRIDGAMES_CROSS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/gridgames/cross}"
mkdir -p "$dir"
start=$SECONDS

# zig, from PyPI, in a venv of its own
if ! "$dir/venv/bin/python" -m ziglang version 2>/dev/null | grep -qx "$zig_version"; then
  echo "cross: installing ziglang $zig_version in $dir/venv"
  python3 -m venv "$dir/venv"
  "$dir/venv/bin/python" -m pip install --quiet "ziglang==$zig_version"
fi

# CPython's headers, from Debian's source package
headers="$dir/$cpython"
if [ ! -f "$headers/PC/pyconfig.h" ] || [ ! -f "$headers/Include/Python.h" ]; then
  echo "cross: fetching CPython's headers ($cpython's Debian source)"
  apt="$dir/apt"
  mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$apt/src"
  printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" "Suites: bookworm" "Components: main" \
    "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" > "$apt/src.sources"
  opts=(-o "Dir::Etc::SourceList=$apt/src.sources" -o "Dir::Etc::SourceParts=/nonexistent"
        -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt" -o "Debug::NoDropPrivs=1")
  apt-get "${opts[@]}" update -qq
  (cd "$apt/src" && apt-get "${opts[@]}" source --download-only -qq "$cpython" > /dev/null)
  rm -rf "$headers.part" && mkdir -p "$headers.part"
  tar -xzf "$apt"/src/"$cpython"_*.orig.tar.* -C "$headers.part" --strip-components=1 --wildcards \
    '*/Include' '*/PC/pyconfig.h'
  rm -rf "$headers" "$apt/src" && mv "$headers.part" "$headers"
fi
mkdir -p "$dir/posix"  # the LP64 pyconfig.h for macOS and for the Linux side of the long check
cp "$(python3 -c 'import sysconfig; print(sysconfig.get_config_h_filename())')" "$dir/posix/pyconfig.h"

# The kernels' C: setup.py generates it (taken from its cache when the sources did not change).
python setup.py -q --name > /dev/null
mapfile -t sources < <(find src/gridgames -name '*.pyx' | sort | sed 's/\.pyx$/.c/')
[ "${#sources[@]}" -gt 0 ] || { echo "cross: no kernels found" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/gridgames-cross.XXXXXX")"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

# One job: "TARGET SOURCE MODE" (MODE full: -Wall -Wextra to an object; conv: the -Wconversion pass).
job() {
  local target="$1" source="$2" mode="$3" log flags=()
  log="$work/$target.$mode.$(echo "$source" | tr / _).log"
  case "$target" in
    *-windows-*) flags=(-DMS_WIN64 -I"$headers/Include" -I"$headers/PC") ;;  # (mingw: 64-bit Windows)
    *) flags=(-I"$headers/Include" -I"$dir/posix") ;;
  esac
  if [ "$mode" = full ]; then flags+=(-Wall -Wextra); else flags+=(-Wconversion -Wshorten-64-to-32); fi
  flags+=(-c -O0 -o "$log.o")  # (zig cc fails at -fsyntax-only)
  # (each job has a zig cache of its own: a file that zig takes from its cache prints none of its warnings
  # again, and jobs sharing one cache have failed to rename their objects into it)
  if ! ZIG_GLOBAL_CACHE_DIR="$log.zig" ZIG_LOCAL_CACHE_DIR="$log.zig" \
       "$dir/venv/bin/python" -m ziglang cc -target "$target" "${flags[@]}" "$source" > "$log" 2>&1; then
    { echo "$target $source ($mode): failed"; grep -m 5 'error:' "$log"; } >> "$work/failed"
  fi
}
export -f job; export work headers dir

probe="$work/probe.c"
printf '%s\n' '#include <Python.h>' 'long cut(Py_ssize_t n) { return n; }' > "$probe"
{
  echo "x86_64-windows-gnu $probe conv"; echo "x86_64-linux-gnu $probe conv"
  for source in "${sources[@]}"; do
    for target in $targets; do echo "$target $source full"; done
    echo "x86_64-windows-gnu $source conv"; echo "x86_64-linux-gnu $source conv"
  done
} | xargs -P "$jobs" -L 1 bash -c 'job "$@"' _

status=0
if [ -f "$work/failed" ]; then
  cat "$work/failed" >&2
  status=1
fi
for target in $targets; do
  warnings="$(cat "$work/$target".full.*.log | grep -c ': warning:' || true)"
  echo "cross: $target: ${#sources[@]} kernels compiled (-Wall -Wextra), $warnings warnings"
  if [ "$warnings" -gt 0 ]; then grep -h ': warning:' "$work/$target".full.*.log >&2; status=1; fi
done

# `long` is 32 bits on Windows: a -Wconversion warning at a place of a kernel's C where x86_64 Linux gives
# none (compared by place and kind: the types' names differ between the two systems)
places() { grep -F "$1:" "$2" | sed -nE 's/^([^ ]+:[0-9]+:[0-9]+): warning: .*(\[-W[^]]+\])$/\1 \2/p' | sort -u; }
windows_only() {  # windows_only SOURCE: its warnings on Windows only, one a line
  local name place
  name="$(echo "$1" | tr / _)"
  for place in $(comm -13 <(places "$1" "$work/x86_64-linux-gnu.conv.$name.log") \
                          <(places "$1" "$work/x86_64-windows-gnu.conv.$name.log") | cut -d' ' -f1); do
    grep -F "$place: warning:" "$work/x86_64-windows-gnu.conv.$name.log"
  done
}
# (the check sees a long cut to 32 bits: a probe with one, compiled with the kernels, must be found)
if [ "$(windows_only "$probe" | grep -c 'Wshorten-64-to-32')" != 1 ]; then
  echo "cross: the Windows-only check did not find the 32-bit long in its probe" >&2; status=1
fi
narrowed=0
for source in "${sources[@]}"; do
  found="$(windows_only "$source")"
  if [ -n "$found" ]; then echo "$found" >&2; narrowed=$((narrowed + $(echo "$found" | wc -l))); fi
done
echo "cross: $narrowed conversion warnings on Windows only (a 32-bit long) in ${#sources[@]} kernels"
[ "$narrowed" -eq 0 ] || status=1
echo "cross: $((SECONDS - start)) s"
exit "$status"
