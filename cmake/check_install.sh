#!/usr/bin/env bash
# Installs a CMake build into a temporary prefix and moves the prefix (ghostframe.pc and the CMake
# package must follow it), then, against the installed tree:
#   1. checks the header's parts are installed beside it (include/ghostframe/*.h) and compile alone,
#      builds the C example with pkg-config and runs it;
#   2. configures the consumer project (tests/consumer/cmake) with find_package(Ghostframe 0.1 CONFIG),
#      builds and runs it; a request for the next major version must be refused;
#   3. with the static runtime (static = ON): the installed library NEEDs no libswift* and has no
#      RUNPATH, and both hosts run with the Swift toolchain hidden (a private mount namespace with a
#      tmpfs over it, as check_static_runtime.sh does; without user namespaces, a plain run).
# With strip = ON (GHOSTFRAME_STRIP, the default), the installed library has no symbol table and no
# .debug_* sections while the build tree's keeps its symbol table; OFF, the installed copy keeps it.
#
#   check_install.sh <build-dir> <work-dir> <curve_table.c> <libdir> <version> <cc>
#                    [<consumer-dir> <static ON|OFF> <toolchain-usr> <runtime-dir> <strip ON|OFF>]
set -euo pipefail

if [[ $# -lt 5 ]]; then
  echo "usage: $0 <build-dir> <work-dir> <curve_table.c> <libdir> <version> <cc> [<consumer-dir> <static> <toolchain-usr> <runtime-dir>]" >&2
  exit 2
fi
build="$1" work="$2" example="$3" libdir="$4" version="$5" cc="${6:-cc}"
consumer="${7:-}" static="${8:-OFF}" toolchain_usr="${9:-}" runtime_dir="${10:-}" strip="${11:-}"
command -v pkg-config >/dev/null || { echo "FAIL: pkg-config not found"; exit 1; }

rm -rf "$work"
mkdir -p "$work"
echo "== cmake --install $build --prefix $work/staged"
cmake --install "$build" --prefix "$work/staged" >"$work/install.log" || { cat "$work/install.log"; exit 1; }
mv "$work/staged" "$work/prefix"   # relocated after install
prefix="$work/prefix"

fail=0
expect() { # expect <description> <command...>
  local what="$1"; shift
  if "$@"; then echo "   ok: $what"; else echo "   FAIL: $what"; fail=1; fi
}
major="${version%%.*}"
so="$prefix/$libdir/libghostframe.so"
expect "header installed" test -f "$prefix/include/ghostframe.h"
# The umbrella's parts: every file its #include "ghostframe/..." lines name, beside it.
parts=$(sed -n 's/^#include "\(ghostframe\/[a-z_]*\.h\)"$/\1/p' "$prefix/include/ghostframe.h")
expect "the header names its parts" test -n "$parts"
for part in $parts; do
  expect "part $part installed" test -f "$prefix/include/$part"
done
expect "libghostframe.so.$version installed" test -f "$so.$version"
expect "libghostframe.so.$major -> libghostframe.so.$version" test "$(readlink "$so.$major")" = "libghostframe.so.$version"
expect "libghostframe.so -> libghostframe.so.$major" test "$(readlink "$so")" = "libghostframe.so.$major"
expect "SONAME libghostframe.so.$major" sh -c "readelf -d '$so.$version' | grep -q 'SONAME.*\[libghostframe.so.$major\]'"
if [[ -n "$strip" ]]; then
  built="$build/libghostframe.so.$version"
  echo "   sizes: $(stat -c %s "$built") bytes built, $(stat -c %s "$so.$version") installed (GHOSTFRAME_STRIP=$strip)"
  expect "the build tree's library keeps its symbol table" sh -c "readelf -S -W '$built' | grep -q ' \.symtab '"
  if [[ "$strip" == ON ]]; then
    expect "the installed library has no .symtab" sh -c "! readelf -S -W '$so.$version' | grep -q ' \.symtab '"
    expect "the installed library has no .debug_info (no .debug_* at all)" \
      sh -c "! readelf -S -W '$so.$version' | grep -q ' \.debug_'"
    expect "file(1) calls it stripped" sh -c "! command -v file >/dev/null || file -L '$so.$version' | grep -q ', stripped'"
  else
    expect "GHOSTFRAME_STRIP=OFF: the installed library keeps its symbol table" \
      sh -c "readelf -S -W '$so.$version' | grep -q ' \.symtab '"
  fi
  expect "the dynamic symbols (the exports) are all there" \
    test "$(readelf --dyn-syms -W "$so.$version" | grep -c ' gf_')" = "$(readelf --dyn-syms -W "$built" | grep -c ' gf_')"
fi

export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
echo "== pkg-config (PKG_CONFIG_PATH=$PKG_CONFIG_PATH)"
expect "pkg-config --modversion ghostframe = $version" test "$(pkg-config --modversion ghostframe)" = "$version"
cflags="$(pkg-config --cflags ghostframe)"
libs="$(pkg-config --libs ghostframe)"
libdir_pc="$(pkg-config --variable=libdir ghostframe)"
echo "   --cflags: $cflags"
echo "   --libs:   $libs"
expect "the .pc points into the moved prefix" test "$(readlink -f "$libdir_pc")" = "$(readlink -f "$prefix/$libdir")"
[[ $fail -eq 0 ]] || exit 1

echo "== build the example against the installed tree"
# shellcheck disable=SC2086  # pkg-config output is a list of flags
"$cc" -std=c99 -Wall -Wextra -Werror -pedantic "$example" $cflags $libs -Wl,-rpath,"$libdir_pc" -o "$work/curve_table"
expect "the example records NEEDED libghostframe.so.$major" \
  sh -c "readelf -d '$work/curve_table' | grep -q 'NEEDED.*\[libghostframe.so.$major\]'"
echo "== run it"
"$work/curve_table"
# Each installed part compiles alone from the installed tree (as C99, with the .pc's flags).
for part in $parts; do
  printf '#include <%s>\nint main(void) { return 0; }\n' "$part" >"$work/part.c"
  # shellcheck disable=SC2086
  expect "#include <$part> alone compiles" "$cc" -std=c99 -Wall -Wextra -Werror -pedantic $cflags -c "$work/part.c" -o "$work/part.o"
done
[[ $fail -eq 0 ]] || exit 1

if [[ -n "$consumer" ]]; then
  echo "== find_package(Ghostframe 0.1 CONFIG) from $consumer (CMAKE_PREFIX_PATH=$prefix)"
  if ! cmake -S "$consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
       -DCMAKE_BUILD_TYPE=Release >"$work/consumer-configure.log" 2>&1; then
    cat "$work/consumer-configure.log"; echo "FAIL: the consumer project does not configure"; exit 1
  fi
  grep "Ghostframe $version from" "$work/consumer-configure.log" | sed 's/^/   /'
  expect "Ghostframe_DIR is in the moved prefix" grep -q "Ghostframe $version from $prefix/$libdir/cmake/Ghostframe" "$work/consumer-configure.log"
  cmake --build "$work/consumer" >"$work/consumer-build.log" 2>&1 || { cat "$work/consumer-build.log"; exit 1; }
  expect "the consumer records NEEDED libghostframe.so.$major" \
    sh -c "readelf -d '$work/consumer/consumer' | grep -q 'NEEDED.*\[libghostframe.so.$major\]'"
  "$work/consumer/consumer" | tee "$work/consumer.out" | sed 's/^/   /'
  expect "the consumer ran" grep -q "^ghostframe $version: ease-in-out(0.25) = 0.129162$" "$work/consumer.out"
  next=$((major + 1)).0
  if cmake -S "$consumer" -B "$work/consumer-next" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
       -DGHOSTFRAME_REQUEST="$next" >"$work/consumer-next.log" 2>&1; then
    echo "   FAIL: find_package(Ghostframe $next CONFIG) accepted version $version"; fail=1
  else
    expect "find_package(Ghostframe $next CONFIG) refuses $version" \
      grep -q "not compatible\|version: $version" "$work/consumer-next.log"
  fi
  [[ $fail -eq 0 ]] || exit 1
fi

if [[ "$static" == ON ]]; then
  lib="$so.$version"
  echo "== static runtime: NEEDED and RUNPATH of the installed $lib"
  readelf -d "$lib" | grep -E '\((NEEDED|RUNPATH|RPATH)\)' | sed 's/^ */   /'
  expect "no libswift* NEEDED" sh -c "! readelf -d '$lib' | grep -q 'NEEDED.*\[libswift'"
  expect "no RUNPATH or RPATH" sh -c "! readelf -d '$lib' | grep -qE '\((RUNPATH|RPATH)\)'"
  [[ $fail -eq 0 ]] || exit 1
  # What to hide: the toolchain root (the parent of usr/) unless that is a system directory.
  toolchain_root="$(dirname "$toolchain_usr")"
  case "$toolchain_root" in
    / | /usr | /usr/local | /opt | "$HOME") hide="$runtime_dir" ;;
    *) hide="$toolchain_root" ;;
  esac
  probe='
set -eu
if [ -e "$GF_RUNTIME_DIR/libswiftCore.so" ]; then echo "   FAIL: the runtime is still visible"; exit 1; fi
echo "   $GF_RUNTIME_DIR/libswiftCore.so is not visible here"
for host in "$GF_WORK/consumer/consumer" "$GF_WORK/curve_table"; do
  if LD_TRACE_LOADED_OBJECTS=1 "$host" | grep "libswift\|not found"; then echo "   FAIL: $host"; exit 1; fi
  "$host" >/dev/null
  echo "   ran $host"
done
'
  export GF_WORK="$work" GF_RUNTIME_DIR="$runtime_dir"
  if [[ -d "$hide" ]] && command -v unshare >/dev/null &&
     unshare -m sh -c "mount -t tmpfs none '$hide'" 2>/dev/null; then
    echo "== the installed hosts with the toolchain hidden (unshare -m, tmpfs over $hide)"
    env -u LD_LIBRARY_PATH unshare -m sh -c "mount -t tmpfs none '$hide' && exec sh -c '$probe'"
  else
    echo "== unshare -m not permitted here: the hosts run without LD_LIBRARY_PATH (NEEDED and RUNPATH above are the proof)"
    env -u LD_LIBRARY_PATH sh -c "$(echo "$probe" | grep -v 'still visible\|is not visible')"
  fi
fi
echo "install_check: OK"
