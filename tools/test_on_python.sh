#!/usr/bin/env bash
# Test gridgames on another Python interpreter, given its path:
#
#   tools/test_on_python.sh /opt/cpython-3.13t/bin/python3.13t [pytest arguments, e.g. -x -q]
#
# In a fresh venv made by that interpreter: pip install . --group test (wheels preferred: the newest
# release of a test tool may need a Rust or C toolchain for a new build) with the kernels required, the
# README sample byte for byte, the test suite; on a free-threaded build also: importing every
# compiled kernel leaves the GIL off, and the games' tests run by 4 threads at once each
# (pytest-run-parallel).  Where the test group cannot be installed whole (mypy has no wheels for
# some free-threaded builds), the rest of it is, and the typing tests skip, saying so.
# Building such an interpreter from Debian's source: docs/python-versions.md.
# Setting up stops at the first error; the checks after it all run, their failures listed at the end.
set -euo pipefail
python="${1:?usage: tools/test_on_python.sh PYTHON [pytest arguments]}"
shift
cd "$(dirname "$0")/.."

venv="$(mktemp -d "${TMPDIR:-/tmp}/gridgames-check-XXXXXX")"
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
py="$venv/bin/python"
"$py" -m pip install --quiet --upgrade pip
free="$("$py" -c 'import sysconfig; print(int(bool(sysconfig.get_config_var("Py_GIL_DISABLED"))))')"
echo "== $("$py" -c 'import sys; print(sys.version.replace(chr(10), " "))') (free-threaded: $free)"

export GRIDGAMES_REQUIRE_EXTENSION=1   # a failed compile fails the check
if ! "$py" -m pip install --quiet --prefer-binary . --group test; then
  echo "== the test group does not install whole here: installing it without mypy"
  mapfile -t deps < <("$py" tools/extra_requirements.py test --without mypy)  # tomllib: Python 3.11+
  [ "${#deps[@]}" -gt 0 ] || { echo "no test group requirements read from pyproject.toml" >&2; exit 1; }
  "$py" -m pip install --quiet --prefer-binary . "${deps[@]}"
fi
case "$("$venv/bin/gridgames" --version)" in
  *"(compiled)"*) ;;
  *) echo "the compiled kernels are not in use" >&2; exit 1 ;;
esac

# The checks: each runs whatever failed before it, and the failures are listed at the end (exit 1).
source tools/steps.sh

readme_sample() {  # README, "Run": the sample through the CLI, byte for byte
  "$venv/bin/gridgames" samegame examples/samegame.in | cmp - tests/data/samegame/sample.out
}

gil_stays_off() {
  # Every compiled module of the installed package, imported with the GIL free to come back:
  # one that does not declare itself free-threading safe would turn it on (and warn).
  env -u PYTHON_GIL "$py" -W error - <<'PY'
import importlib, pathlib, sys, sysconfig
import gridgames
root = pathlib.Path(gridgames.__file__).parent
suffix = sysconfig.get_config_var("EXT_SUFFIX")
names = sorted("gridgames." + ".".join(p.relative_to(root).parts)[:-len(suffix)]
               for p in root.rglob("*" + suffix))
assert names, "no compiled module installed"
for name in names:
    importlib.import_module(name)
assert not sys._is_gil_enabled(), "a compiled module turned the GIL on"
print(f"== {len(names)} compiled modules imported, the GIL still off")
PY
}

games_in_threads() {
  "$py" -m pip install --quiet "pytest-run-parallel==0.10.0" &&
    PYTHON_GIL=0 "$py" -m pytest -p no:cacheprovider -q --parallel-threads=4 \
      tests/samegame/test_samegame.py tests/tilematch/test_tilematch.py tests/gopher/test_gopher.py \
      tests/numberlink/test_numberlink.py tests/judges/test_streaming.py tests/judges/test_kernels_in_threads.py
}

step "the README sample, byte for byte" readme_sample
step "the test suite" "$py" -m pytest -p no:cacheprovider "$@"
if [ "$free" = 1 ]; then
  step "compiled modules leave the GIL off" gil_stays_off
  step "the games' tests in 4 threads" games_in_threads
fi
steps_report "$python"
