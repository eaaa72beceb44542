#!/usr/bin/env bash
# Configures tests/consumer/subdirectory, a project that add_subdirectory's this checkout, and checks
# that Ghostframe builds only its library there: Ghostframe::ghostframe resolves (the host links it),
# the C examples and tests are not targets, and CTest lists the host's one test only.
#
#   check_subproject.sh <source-dir> <work-dir> <generator> <c-compiler> <swift-compiler>
set -euo pipefail
[[ $# -eq 5 ]] || { echo "usage: $0 <source-dir> <work-dir> <generator> <cc> <swiftc>" >&2; exit 2; }
source_dir="$1" work="$2" generator="$3" cc="$4" swiftc="$5"
rm -rf "$work"
if ! cmake -S "$source_dir/tests/consumer/subdirectory" -B "$work" -G "$generator" \
     -DGHOSTFRAME_SOURCE_DIR="$source_dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_Swift_COMPILER="$swiftc" \
     >"$work.log" 2>&1; then
  cat "$work.log"; echo "FAIL: the project adding Ghostframe does not configure"; exit 1
fi
fail=0
line=$(sed -n 's/^-- ghostframe targets: //p' "$work.log")
echo "   Ghostframe's targets: $line"
targets=$(tr ';' '\n' <<<"$line")
grep -q '^-- Ghostframe::ghostframe is ghostframe$' "$work.log" &&
  echo "   ok: Ghostframe::ghostframe -> ghostframe" || { echo "   FAIL: Ghostframe::ghostframe is not the library"; fail=1; }
grep -qx ghostframe <<<"$targets" || { echo "   FAIL: no target ghostframe"; fail=1; }
for unwanted in curve_table scene_host skeleton_host chain_oneliner gf_version_host test_curves stress_threads test_budgets; do
  if grep -qx "$unwanted" <<<"$targets"; then echo "   FAIL: target $unwanted (examples and tests must be off)"; fail=1; fi
done
tests=$(ctest --test-dir "$work" -N | sed -n 's/^ *Test *#[0-9]*: //p' | tr '\n' ' ')
if [[ $tests == "host " ]]; then echo "   ok: CTest lists the host's test only"; else echo "   FAIL: CTest lists: $tests"; fail=1; fi
[[ $fail -eq 0 ]] && echo "subproject_check: OK"
exit $fail
