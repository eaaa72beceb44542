#!/usr/bin/env bash
# Installs a CMake build into a temporary prefix, moves the prefix (ghostframe.pc must follow it),
# then builds the C example against the installed tree with pkg-config and runs it.
#
#   check_install.sh <build-dir> <work-dir> <curve_table.c> <libdir> <version> [cc]
set -euo pipefail

if [[ $# -lt 5 ]]; then
  echo "usage: $0 <build-dir> <work-dir> <curve_table.c> <libdir> <version> [cc]" >&2
  exit 2
fi
build="$1" work="$2" example="$3" libdir="$4" version="$5" cc="${6:-cc}"
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
expect "libghostframe.so.$version installed" test -f "$so.$version"
expect "libghostframe.so.$major -> libghostframe.so.$version" test "$(readlink "$so.$major")" = "libghostframe.so.$version"
expect "libghostframe.so -> libghostframe.so.$major" test "$(readlink "$so")" = "libghostframe.so.$major"
expect "SONAME libghostframe.so.$major" sh -c "readelf -d '$so.$version' | grep -q 'SONAME.*\[libghostframe.so.$major\]'"

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
[[ $fail -eq 0 ]] || exit 1
echo "install_check: OK"
