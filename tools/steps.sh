# Steps that all run, whatever fails: `step NAME COMMAND...` runs the command (a function, for a
# pipeline) and notes a failure; `steps_report LABEL` prints the failed steps and returns 1 if any.
# Sourced by tools/test_on_python.sh (under set -e one failure hid the steps after it).
failed_steps=()

step() {
  local name="$1" status
  shift
  echo "== $name"
  if "$@"; then  # (set -e does not apply in a condition: the whole step runs, as it would alone)
    return 0
  else
    status=$?
  fi
  echo "== $name: FAILED (exit $status)" >&2
  failed_steps+=("$name")
}

steps_report() {
  if [ "${#failed_steps[@]}" -gt 0 ]; then
    printf '== %s: %d step(s) failed:\n' "$1" "${#failed_steps[@]}" >&2
    printf '   - %s\n' "${failed_steps[@]}" >&2
    return 1
  fi
  echo "== $1: all checks passed"
}
