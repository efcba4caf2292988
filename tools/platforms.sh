#!/usr/bin/env bash
# The project on other Linux platforms, on this x86_64 machine: a Debian root made with debootstrap for
# i386 (32-bit x86, run natively), arm64 and s390x (big-endian), the foreign ones run through
# qemu-user-static and binfmt_misc; the project is built there and its tests run.
#
#   tools/platforms.sh ARCH [--ref REF] [--build-only | --golden-only] [-- PYTEST ARGS...]
#
#   i386:         built in the root with its own gcc; runs the fast tier (pytest -m "not slow")
#   arm64, s390x: built on this machine with Debian's cross compiler against the root's Python
#                 (setup.py as is: its flags, Cython on this machine), run under emulation: the
#                 subset named here (each kernel's twin tests, the judges on generated files) and the
#                 golden outputs (tools/golden.py check)
#   --ref REF     test the commit REF (git archive) instead of the working tree (tracked and untracked
#                 files that git does not ignore)
#   --build-only  make the root and build, run nothing
#   --golden-only run only the golden outputs (tools/golden.py check), on any ARCH
#   -- ARGS       pytest's arguments instead of the default tests
#
# Roots are kept in GRIDGAMES_ROOTS (default ~/.cache/gridgames/roots), made once (about 10 min each) and
# reused; the checkout is copied in afresh each run. Needs root (chroot, mount); the host's packages it
# needs (debootstrap, qemu-user-static, the cross gcc) are installed with apt-get when missing. proc, /dev,
# /dev/pts (the terminal tests) and /dev/shm are mounted while it runs and unmounted on exit or signal.
# (While one runs, the host's /dev is inside its root: remove a root with rm -rf --one-file-system.)
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"

usage() { sed -n '2,23s/^# \{0,1\}//p' "$0"; }
arch="" ref="" build_only="" golden_only="" pytest_args=() custom=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --ref) ref="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --golden-only) golden_only=1; shift ;;
    --) shift; pytest_args=("$@"); custom=1; break ;;
    i386|arm64|s390x) [ -z "$arch" ] || { echo "platforms.sh: one ARCH at a time" >&2; exit 2; }; arch="$1"; shift ;;
    *) echo "platforms.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$arch" ] || { echo "platforms.sh: which ARCH? i386, arm64 or s390x (see --help)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "platforms.sh: needs root (debootstrap, chroot, mount)" >&2; exit 2; }

case "$arch" in
  i386) qemu="" triplet="i686-linux-gnu" ;;
  arm64) qemu="aarch64" triplet="aarch64-linux-gnu" ;;
  s390x) qemu="s390x" triplet="s390x-linux-gnu" ;;
esac
# Under emulation (about 10x slower than native): every kernel's twin tests, the judges and checkers on
# generated files, the environments' observations; the golden outputs are checked after them.
subset=(tests/judges/test_backend.py tests/judges/test_judge_io.py tests/judges/test_long_numbers.py
        tests/samegame/test_samegame_search.py tests/samegame/test_samegame_search_nrpa.py
        tests/samegame/test_samegame_improve.py
        tests/samegame/test_samegame_checkpoint.py::test_the_twins_reach_each_checkpoint_in_the_same_state
        tests/gopher/test_gopher.py tests/gopher/test_gopher_solve.py
        tests/numberlink/test_numberlink.py tests/numberlink/test_numberlink_solve.py
        tests/tilematch/test_tilematch.py tests/envs/test_envs_positions.py tests/envs/test_envs_vector.py
        tests/cli/test_toolkit_generate.py tests/cli/test_toolkit_check.py tests/cli/test_toolkit_validate.py)
# (gcc in i386's root only: the foreign ones are built on this machine, their libc6-dev its cross gcc's sysroot)
packages=python3,python3-dev,python3-venv,python3-numpy,libc6-dev,ca-certificates
[ -n "$qemu" ] || packages+=,gcc
mirror="${GRIDGAMES_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
roots="${GRIDGAMES_ROOTS:-${XDG_CACHE_HOME:-$HOME/.cache}/gridgames/roots}"
root="$roots/$arch"
say() { echo "platforms: $arch: $*"; }
step=""
clock() { local s=$SECONDS; step="$1"; "$@"; say "$1: $((SECONDS - s)) s"; step=""; }

# What the host needs, installed when missing
host_packages() {
  local want=()
  command -v debootstrap > /dev/null || want+=(debootstrap)
  if [ -n "$qemu" ]; then
    command -v "qemu-$qemu-static" > /dev/null || want+=(qemu-user-static)
    command -v "$triplet-gcc" > /dev/null || want+=("gcc-$triplet")
  fi
  if [ "${#want[@]}" -gt 0 ]; then
    say "installing ${want[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${want[@]}" > /dev/null
  fi
  if [ -n "$qemu" ] && ! python -c "import Cython, setuptools" 2> /dev/null; then
    echo "platforms.sh: $arch is built here by setup.py: run it in a venv with Cython and setuptools" \
         "(pip install . --group test)" >&2
    exit 2
  fi
  if [ -n "$qemu" ]; then  # binfmt_misc: the kernel runs a foreign binary through qemu (F: in a chroot too)
    local misc=/proc/sys/fs/binfmt_misc
    [ -e "$misc/register" ] || mount -t binfmt_misc binfmt_misc "$misc"
    if [ ! -e "$misc/qemu-$qemu" ]; then
      say "registering qemu-$qemu with binfmt_misc"
      cat "/usr/lib/binfmt.d/qemu-$qemu.conf" > "$misc/register"
    fi
  fi
}

# The root: made once into $root.part, renamed when complete (a root that exists is whole)
make_root() {
  if [ -d "$root" ]; then say "reusing $root"; return; fi
  mkdir -p "$roots"
  rm -rf "$root.part"
  say "debootstrap bookworm into $root (log: $root.log)"
  if ! debootstrap --variant=minbase --arch="$arch" --include="$packages" bookworm "$root.part" "$mirror" \
       > "$root.log" 2>&1; then
    tail -20 "$root.log" >&2; exit 1
  fi
  mv "$root.part" "$root"
}

# Mounts, undone in reverse order on exit or signal
mounted=()
mount_in() {  # mount_in TARGET MOUNT-ARGS...
  local target="$root$1"; shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounted+=("$target")
}
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2> /dev/null || umount -l "${mounted[i]}" || true
  done
  mounted=()
}
trap 'rc=$?; unmount_all; [ -z "$step" ] || say "$step failed (exit $rc)"' EXIT
trap 'unmount_all; exit 130' INT
trap 'unmount_all; exit 143' TERM

enter() {
  mount_in /proc -t proc proc
  mount_in /dev --bind /dev
  mount_in /dev/pts --bind /dev/pts
  mount_in /dev/shm -t tmpfs tmpfs
  # The CA bundle and pip's configuration (an index or mirror of this machine's; local ones mounted too)
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
  local conf
  for conf in /etc/pip.conf /etc/xdg/pip "$HOME/.config/pip" "$HOME/.pip"; do
    if [ -e "$conf" ]; then mkdir -p "$root$(dirname "$conf")"; rm -rf "${root:?}$conf"; cp -r "$conf" "$root$conf"; fi
  done
  local place
  for place in $({ python3 -m pip config list 2> /dev/null | grep -oE "(file://)?/[^' ]+"
                   echo "${PIP_FIND_LINKS:-}" "${PIP_EXTRA_INDEX_URL:-}" "${PIP_INDEX_URL:-}" | tr ' ' '\n'
                 } | sed -e 's|^file://||' -e 's|/simple/*$||' | sort -u); do  # (an index's files are beside simple/)
    case "$place" in /*) [ -d "$place" ] && mount_in "$place" --bind -o ro "$place" || true ;; esac
  done
}

# The checkout, copied in afresh
copy_checkout() {
  rm -rf "$root/work/gridgames" && mkdir -p "$root/work/gridgames"
  if [ -n "$ref" ]; then
    git -C "$checkout" archive "$ref" | tar -xf - -C "$root/work/gridgames"
  else
    git -C "$checkout" ls-files -z --cached --others --exclude-standard \
      | tar --null -T - --ignore-failed-read -cf - 2> /dev/null | tar -xf - -C "$root/work/gridgames"
  fi
}

# A command in the root, in its venv, with a clean environment (PIP_* and CI passed on)
in_root() {
  local pass=() name
  for name in $(compgen -e); do case "$name" in PIP_*|CI) pass+=("$name=${!name}") ;; esac; done
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb PATH=/opt/venv/bin:/usr/bin:/bin \
    GRIDGAMES_REQUIRE_EXTENSION=1 "${pass[@]}" bash -euo pipefail -c "cd /work/gridgames && $1"
}

# The venv in the root (Debian's numpy through --system-site-packages) with the wheels' test group
venv() {
  in_root '[ -x /opt/venv/bin/python ] || python3 -m venv --system-site-packages /opt/venv
           python -m pip install --quiet --upgrade "pip>=25.1"
           python -m pip install --quiet --group wheel-test'
}

build() {
  if [ -z "$qemu" ]; then
    in_root 'python -m pip install --quiet --no-deps --force-reinstall --no-cache-dir .'
  else
    cross_build
  fi
  in_root 'cd / && gridgames --version | grep -F "(compiled)"'
}

# On this machine: setup.py with the root's Python configuration (its sysconfig data: the module
# suffix, flags and compiler name) and headers, Debian's cross gcc with the root as its sysroot.
cross_build() {
  local data dist="$root/work/dist" tree="$root/work/gridgames"
  data="$(basename "$(ls "$root"/usr/lib/python3*/_sysconfigdata__linux_*.py)" .py)"
  mkdir -p "$root/work/sysconfig" && cp "$root"/usr/lib/python3*/"$data.py" "$root/work/sysconfig/"
  rm -rf "$dist" "$tree/build"
  (cd "$tree" && env _PYTHON_HOST_PLATFORM="linux-$(uname_of)" _PYTHON_SYSCONFIGDATA_NAME="$data" \
     PYTHONPATH="$root/work/sysconfig" CC="$triplet-gcc --sysroot=$root" \
     CFLAGS="-I$(ls -d "$root"/usr/include/python3.*)" GRIDGAMES_BUILD_CACHE=off GRIDGAMES_REQUIRE_EXTENSION=1 \
     python setup.py -q bdist_wheel -d "$dist" > "$roots/$arch.build.log" 2>&1) \
    || { tail -30 "$roots/$arch.build.log" >&2; exit 1; }
  in_root 'python -m pip install --quiet --no-deps --force-reinstall /work/dist/gridgames-*.whl'
}
uname_of() { case "$arch" in arm64) echo aarch64 ;; *) echo "$arch" ;; esac; }

run_tests() {
  local args
  if [ -n "$golden_only" ]; then in_root 'python tools/golden.py check'; return; fi
  if [ -n "$custom" ]; then
    args="$(printf '%q ' "${pytest_args[@]}")"
  elif [ -z "$qemu" ]; then
    args='-m "not slow"'
  else
    args="-m 'not slow' $(printf '%q ' "${subset[@]}")"
  fi
  in_root "python -m pytest -q -p no:cacheprovider $args"
  if [ -z "$custom" ] && [ -n "$qemu" ]; then
    in_root 'python tools/golden.py check'
  fi
}

start=$SECONDS
clock host_packages
mkdir -p "$roots"; exec 9> "$roots/.$arch.lock"
flock -n 9 || { echo "platforms.sh: another run holds $root" >&2; exit 2; }
clock make_root
enter
clock copy_checkout
clock venv
clock build
[ -n "$build_only" ] || clock run_tests
say "done in $((SECONDS - start)) s"
