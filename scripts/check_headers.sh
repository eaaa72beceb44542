#!/usr/bin/env bash
# Checks the public header's layout (CTest abi_headers): Include/ghostframe.h is an umbrella whose
# #include "ghostframe/X.h" lines name exactly the files of Include/ghostframe/, and the umbrella
# and each part, included alone (twice, for the include guard), compile as C99 with $CC and as
# C++11 with $CXX (-Wall -Wextra -Werror -pedantic); in C++ every function a part makes visible
# has C linkage (the object file references it by its plain name, no mangled one).
#
#   scripts/check_headers.sh [Include]
#
# Exit status: 0 when every check passes, 1 when one fails, 2 on a usage or tool error.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
include="${1:-$here/../Include}"
umbrella="$include/ghostframe.h"
[[ -f "$umbrella" ]] || { echo "check_headers: no $umbrella" >&2; exit 2; }
cc="${CC:-cc}"
cxx="${CXX:-}"
if [[ -z "$cxx" ]]; then
  for candidate in c++ g++ clang++; do
    if command -v "$candidate" >/dev/null; then cxx=$candidate; break; fi
  done
fi
command -v "$cc" >/dev/null || { echo "check_headers: C compiler '$cc' not found (set CC)" >&2; exit 2; }
[[ -n "$cxx" ]] && command -v "$cxx" >/dev/null || {
  echo "check_headers: no C++ compiler (c++, g++, clang++; or set CXX)" >&2; exit 2; }
command -v nm >/dev/null || { echo "check_headers: nm not found (binutils)" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
status=0
failed_here=0
fail() { echo "   FAIL: $*"; status=1; failed_here=1; }

# 1. The umbrella names every part, and every part it names exists.
sed -n 's/^#include "\(ghostframe\/[A-Za-z0-9_]*\.h\)"$/\1/p' "$umbrella" | sort >"$tmp/named"
(cd "$include" && ls ghostframe/*.h 2>/dev/null | sort) >"$tmp/present"
echo "== the umbrella's parts: $(tr '\n' ' ' <"$tmp/named")"
[[ -s "$tmp/named" ]] || fail "ghostframe.h includes no ghostframe/*.h part"
comm -13 "$tmp/named" "$tmp/present" | while read -r orphan; do
  echo "   FAIL: $orphan is not included by ghostframe.h"; done
comm -23 "$tmp/named" "$tmp/present" | while read -r gone; do
  echo "   FAIL: ghostframe.h includes $gone, which does not exist"; done
cmp -s "$tmp/named" "$tmp/present" || status=1

# 2. Each header alone, twice, as C99 and C++11; C linkage of every function it makes visible.
flags=(-Wall -Wextra -Werror -pedantic -I "$include")
for header in ghostframe.h $(cat "$tmp/named"); do
  failed_here=0
  printf '#include <%s>\n#include <%s>\nint main(void) { return 0; }\n' "$header" "$header" >"$tmp/alone.c"
  if ! "$cc" -std=c99 "${flags[@]}" -c "$tmp/alone.c" -o "$tmp/alone.o" 2>"$tmp/err"; then
    fail "$header alone does not compile as C99:"; sed 's/^/     /' "$tmp/err"; continue
  fi
  # The functions it declares (and the parts it includes declare), from the preprocessed text.
  "$cc" -E -P "${flags[@]}" -x c "$tmp/alone.c" |
    grep -oE '\bgf_[A-Za-z0-9_]*[[:space:]]*\(' | sed -E 's/[[:space:]]*\($//' | grep -vx 'gf_status' |
    sort -u >"$tmp/functions" || true
  {
    printf '#include <%s>\n#include <%s>\n' "$header" "$header"
    echo 'void *volatile gf_check_sink;'
    echo 'int main() {'
    sed 's/.*/    gf_check_sink = reinterpret_cast<void *>(\&&);/' "$tmp/functions"
    echo '    return 0;'
    echo '}'
  } >"$tmp/alone.cpp"
  if ! "$cxx" -std=c++11 "${flags[@]}" -c "$tmp/alone.cpp" -o "$tmp/alone_cpp.o" 2>"$tmp/err"; then
    fail "$header alone does not compile as C++11:"; sed 's/^/     /' "$tmp/err"; continue
  fi
  nm -u "$tmp/alone_cpp.o" | awk '{ print $NF }' | grep -E '^(_Z.*)?gf_|^_Z[0-9A-Za-z_]*gf_' | sort -u >"$tmp/referenced" || true
  mangled=$(grep '^_Z' "$tmp/referenced" | tr '\n' ' ' || true)
  [[ -z "$mangled" ]] || fail "$header: functions with C++ linkage (no extern \"C\"): $mangled"
  plain=$(grep -cv '^_Z' "$tmp/referenced" || true)
  count=$(wc -l <"$tmp/functions")
  [[ "$plain" -eq "$count" ]] || fail "$header: $count functions declared, $plain referenced by their C name"
  [[ $failed_here -eq 1 ]] || echo "   ok: $header alone: C99, C++11, $count functions with C linkage"
done

if [[ $status -eq 0 ]]; then
  echo "check_headers: OK: ghostframe.h and its $(wc -l <"$tmp/named") parts"
else
  echo "check_headers: FAILED"
fi
exit $status
