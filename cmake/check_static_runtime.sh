#!/usr/bin/env bash
# Checks a libghostframe.so built with GHOSTFRAME_STATIC_SWIFT_STDLIB=ON is self-contained:
#   1. it NEEDs no libswift* library;
#   2. it loads and answers gf_version_string() from a C host and from python3 ctypes in a process
#      that cannot see the Swift toolchain's runtime.
# For 2 it hides the toolchain in a private mount namespace (unshare -m + a tmpfs over it; needs
# root or user namespaces). Where that is not permitted it falls back to running without
# LD_LIBRARY_PATH (the NEEDED check then carries the proof) and says so.
#
#   check_static_runtime.sh <libghostframe.so> <c-host> <python3> <expected-version> <toolchain-usr> <runtime-dir>
#
# <toolchain-usr> is the toolchain's usr/ directory (the one holding bin/swiftc), <runtime-dir> the
# directory of libswiftCore.so (<toolchain-usr>/lib/swift/linux).
set -euo pipefail

if [[ $# -ne 6 ]]; then
  echo "usage: $0 <libghostframe.so> <c-host> <python3> <expected-version> <toolchain-usr> <runtime-dir>" >&2
  exit 2
fi
lib="$(readlink -f "$1")" host="$(readlink -f "$2")" python="$3" version="$4" toolchain_usr="$5" runtime_dir="$6"

echo "== NEEDED of $lib"
needed="$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "$needed" | sed 's/^/   /'
if echo "$needed" | grep -q '^libswift'; then
  echo "FAIL: the library still needs the Swift runtime: $(echo "$needed" | grep '^libswift' | tr '\n' ' ')"
  exit 1
fi
echo "   no libswift* needed: OK"

# What to hide: the toolchain root (the parent of usr/) unless that is a system directory, in which
# case only the runtime directory.
toolchain_root="$(dirname "$toolchain_usr")"
case "$toolchain_root" in
  / | /usr | /usr/local | /opt | "$HOME") hide="$runtime_dir" ;;
  *) hide="$toolchain_root" ;;
esac

# Runs inside the namespace (or directly in the fallback): the C host, then python3 ctypes.
probe='
set -eu
if [ -n "${GF_HIDDEN:-}" ]; then
  if [ -e "$GF_RUNTIME_DIR/libswiftCore.so" ]; then echo "FAIL: the runtime is still visible"; exit 1; fi
  echo "   $GF_RUNTIME_DIR/libswiftCore.so is not visible here"
fi
echo "== C host: $GF_HOST"
if LD_TRACE_LOADED_OBJECTS=1 "$GF_HOST" | grep libswift; then echo "FAIL: the C host loads a Swift runtime library"; exit 1; fi
"$GF_HOST"
echo "== python3 ctypes"
"$GF_PYTHON" - "$GF_LIB" "$GF_VERSION" <<"PY"
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.gf_version_string.restype = ctypes.c_char_p
lib.gf_abi_version.restype = ctypes.c_uint32
got = lib.gf_version_string().decode()
print("   gf_version_string() = %s, gf_abi_version() = %d" % (got, lib.gf_abi_version()))
with open("/proc/self/maps") as maps:
    swift = sorted({line.split()[-1] for line in maps if "libswift" in line})
if swift:
    sys.exit("FAIL: the process mapped " + ", ".join(swift))
sys.exit(0 if got == sys.argv[2] else "FAIL: expected version " + sys.argv[2])
PY
'
export GF_LIB="$lib" GF_HOST="$host" GF_PYTHON="$python" GF_VERSION="$version" GF_RUNTIME_DIR="$runtime_dir"

mode=""
if [[ -d "$hide" ]] && command -v unshare >/dev/null &&
   unshare -m sh -c "mount -t tmpfs none '$hide'" 2>/dev/null; then
  mode="unshare"
  echo "== mode: unshare -m, tmpfs over $hide (the toolchain is invisible to the probes)"
  env -u LD_LIBRARY_PATH GF_HIDDEN=1 unshare -m sh -c "mount -t tmpfs none '$hide' && exec sh -c '$probe'"
else
  mode="fallback"
  echo "== mode: fallback (unshare -m not permitted here): no LD_LIBRARY_PATH, the NEEDED check above is the proof"
  env -u LD_LIBRARY_PATH sh -c "$probe"
fi
echo "static_runtime: OK ($mode)"
