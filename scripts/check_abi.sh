#!/usr/bin/env bash
# Checks that a libghostframe.so exports exactly the functions Include/ghostframe.h declares (the
# umbrella with the parts it includes, Include/ghostframe/*.h): every declared gf_* function is
# exported, and nothing else is (the version node GHOSTFRAME_0, an absolute symbol, aside).
#
#   scripts/check_abi.sh <libghostframe.so> [ghostframe.h]
#   scripts/check_abi.sh build/libghostframe.so
#   scripts/check_abi.sh "$(swift build --show-bin-path)/libghostframe.so"
#
# Exit status: 0 when the sets are equal, 1 when they differ, 2 on a usage or tool error.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
lib="${1:-}"
header="${2:-$here/../Include/ghostframe.h}"
if [[ -z "$lib" || "$lib" == -h || "$lib" == --help ]]; then
  echo "usage: $0 <libghostframe.so> [ghostframe.h]" >&2
  exit 2
fi
[[ -f "$lib" ]] || { echo "check_abi: no such library: $lib" >&2; exit 2; }
[[ -f "$header" ]] || { echo "check_abi: no such header: $header" >&2; exit 2; }
cc="${CC:-cc}"
command -v "$cc" >/dev/null || { echo "check_abi: C compiler '$cc' not found (set CC)" >&2; exit 2; }
command -v nm >/dev/null || { echo "check_abi: nm not found (binutils)" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Declared: identifiers directly followed by "(" in the preprocessed header (the preprocessor
# follows the umbrella's #include lines into its parts; comments and macros are gone; a
# function-pointer typedef reads "(*gf_x)(" and is not matched, and its return type
# "gf_status (*...)" is a type, not a function). The header must also compile as C on its own.
"$cc" -E -P -x c "$header" >"$tmp/header.i" 2>"$tmp/cc.err" || {
  echo "check_abi: the header does not preprocess:" >&2; cat "$tmp/cc.err" >&2; exit 2; }
grep -oE '\b[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\(' "$tmp/header.i" |
  sed -E 's/[[:space:]]*\($//' | grep -E '^gf_' | grep -vx 'gf_status' | sort -u >"$tmp/declared" || true

# Exported: every defined dynamic symbol with global binding (nm type in upper case, or u), without
# its @@VERSION suffix. Absolute symbols (A) are version nodes such as GHOSTFRAME_0, not code. Local
# symbols (lower case) can sit in .dynsym (gold keeps some Swift metadata there) but cannot be bound
# to from outside, so they are not exports.
nm -D --defined-only "$lib" >"$tmp/nm.out" 2>"$tmp/nm.err" || {
  echo "check_abi: nm failed on $lib:" >&2; cat "$tmp/nm.err" >&2; exit 2; }
awk 'NF >= 3 && $2 ~ /^[B-Zu]$/ { sub(/@.*/, "", $3); print $2, $3 }' "$tmp/nm.out" >"$tmp/global"
awk '{ print $2 }' "$tmp/global" | sort -u >"$tmp/exported"
awk '$1 != "T" { print }' "$tmp/global" >"$tmp/not_code"

declared=$(wc -l <"$tmp/declared")
exported=$(wc -l <"$tmp/exported")
comm -23 "$tmp/declared" "$tmp/exported" >"$tmp/missing"
comm -13 "$tmp/declared" "$tmp/exported" >"$tmp/extra"

status=0
if [[ "$declared" -eq 0 ]]; then
  echo "check_abi: found no gf_* function declarations in $header" >&2
  status=1
fi
if [[ -s "$tmp/missing" ]]; then
  echo "declared in $(basename "$header") but not exported by $(basename "$lib") ($(wc -l <"$tmp/missing")):"
  sed 's/^/  - /' "$tmp/missing"
  status=1
fi
if [[ -s "$tmp/extra" ]]; then
  echo "exported by $(basename "$lib") but not declared in $(basename "$header") ($(wc -l <"$tmp/extra")):"
  sed 's/^/  + /' "$tmp/extra"
  status=1
fi
if [[ -s "$tmp/not_code" ]]; then
  echo "exported symbols that are not functions (nm type, name):"
  sed 's/^/  ! /' "$tmp/not_code"
  status=1
fi
if [[ $status -eq 0 ]]; then
  echo "check_abi: OK: $(basename "$header") <-> $lib: $declared functions match"
else
  echo "check_abi: FAILED: $declared declared, $exported exported ($lib)"
fi
exit $status
