#!/usr/bin/env bash
# The configure step as a user meets it, and what `make install` needs (issue 30), in about 10 s:
#   1. `cmake -S <src> -B <dir>` without -G fails at once with Ghostframe's one-line message naming
#      -G Ninja (not CMake's "Swift language not supported by Unix Makefiles");
#   2. the same folder configured again with -G Ninja, as `make install` configures it (no tests or
#      examples), with `python` and `python3` shadowed on PATH by stubs that record any call: it
#      succeeds, its summary says what it builds (tests OFF, stripped on install), and no Python ran;
#   3. make's dry run of `make install PREFIX=...`: `setup.sh --build-only`, that configure, the
#      build and `cmake --install`; nothing of .venv/, pip or the full `make setup`;
#   4. `setup.sh --build-only` in a copy of scripts/, under the same stubs: it succeeds, makes no
#      .venv/ and runs no Python.
#
#   check_configure.sh <source-dir> <work-dir> <c-compiler> <swift-compiler>
set -euo pipefail

if [[ $# -ne 4 ]]; then
  echo "usage: $0 <source-dir> <work-dir> <c-compiler> <swift-compiler>" >&2
  exit 2
fi
src="$1" work="$2" cc="$3" swiftc="$4"
# A make or CMake above this one (make cmake-test, ctest) must not steer these runs.
unset CMAKE_GENERATOR MAKEFLAGS MFLAGS MAKELEVEL GHOSTFRAME_PYTHON
rm -rf "$work"
mkdir -p "$work/stubs"

fail=0
expect() { # expect <description> <command...>
  local what="$1"; shift
  if "$@"; then echo "   ok: $what"; else echo "   FAIL: $what"; fail=1; fi
}

# Stubs that stand for Python: each call is written to python-calls, and fails.
for name in python python3; do
  printf '#!/bin/sh\necho "%s $*" >>"%s/python-calls"\nexit 127\n' "$name" "$work" >"$work/stubs/$name"
  chmod +x "$work/stubs/$name"
done
stubbed=(env "PATH=$work/stubs:$PATH")
no_python_ran() { [[ ! -e "$work/python-calls" ]] || { sed 's/^/      called: /' "$work/python-calls"; false; }; }

echo "== 1. cmake -S $src -B $work/build (no generator)"
start=$EPOCHREALTIME
if cmake -S "$src" -B "$work/build" >"$work/no-generator.log" 2>&1; then
  cat "$work/no-generator.log"; echo "   FAIL: configured without -G Ninja"; exit 1
fi
took=$(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $start }")
sed 's/^/   | /' "$work/no-generator.log"
# CMake wraps a FATAL_ERROR's text at about 80 columns: join the lines before matching.
joined=$(tr -s ' \n' ' ' <"$work/no-generator.log")
expect "Ghostframe's message names -G Ninja" grep -q "Ghostframe needs the Ninja generator.*cmake -G Ninja" <<<"$joined"
expect "not CMake's own error about Swift" sh -c "! grep -qi 'not supported by' '$work/no-generator.log'"
expect "it stops before any compiler is looked for" sh -c "! grep -q 'The C compiler identification' '$work/no-generator.log'"
echo "   (failed in $took s)"
[[ $fail -eq 0 ]] || exit 1

echo "== 2. the same folder with -G Ninja, as make install configures it (Python stubbed)"
if ! "${stubbed[@]}" cmake -G Ninja -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
     -DGHOSTFRAME_BUILD_TESTS=OFF -DGHOSTFRAME_BUILD_EXAMPLES=OFF -DGHOSTFRAME_STATIC_SWIFT_STDLIB=ON \
     -DCMAKE_C_COMPILER="$cc" -DCMAKE_Swift_COMPILER="$swiftc" >"$work/configure.log" 2>&1; then
  cat "$work/configure.log"; echo "   FAIL: the configure make install runs"; exit 1
fi
sed -n '/Ghostframe .* configured/,/install prefix/p' "$work/configure.log" | sed 's/^/   | /'
expect "the summary is printed" grep -q "^-- Ghostframe [0-9.]* configured (Release, Ninja):" "$work/configure.log"
expect "it says: tests OFF" grep -q "^--   tests  *OFF$" "$work/configure.log"
expect "it says: C example hosts OFF" grep -q "^--   C example hosts  *OFF$" "$work/configure.log"
expect "it says: stripped on install ON" grep -q "^--   libghostframe.so .*stripped on install ON" "$work/configure.log"
expect "it says whether the SDL2 host is built" grep -q "^--   SDL2 live host  *not looked for" "$work/configure.log"
expect "no Python looked for" sh -c "! grep -q "^GHOSTFRAME_PYTHON:" '$work/build/CMakeCache.txt'"
expect "no Python ran" no_python_ran
[[ $fail -eq 0 ]] || exit 1

echo "== 3. make -n install PREFIX=$work/prefix"
make -n -C "$src" install PREFIX="$work/prefix" >"$work/dry-run.log" 2>&1 || { cat "$work/dry-run.log"; exit 1; }
sed 's/^/   | /' "$work/dry-run.log"
expect "it checks the build tools only (setup.sh --build-only)" grep -q "scripts/setup.sh --build-only" "$work/dry-run.log"
expect "not the full make setup" sh -c "! grep -E 'setup\\.sh( --quiet)?(;|\$| *fi)' '$work/dry-run.log'"
expect "it configures without tests and examples" \
  grep -q "cmake -G Ninja .*-DGHOSTFRAME_BUILD_TESTS=OFF -DGHOSTFRAME_BUILD_EXAMPLES=OFF" "$work/dry-run.log"
expect "it installs into PREFIX" grep -q "cmake --install build-install --prefix \"$work/prefix\"" "$work/dry-run.log"
expect "nothing of .venv, pip or Python" sh -c "! grep -Eq '\\.venv|pip|requirements|python|GHOSTFRAME_PYTHON' '$work/dry-run.log'"
[[ $fail -eq 0 ]] || exit 1

echo "== 4. setup.sh --build-only in a copy of scripts/ (Python stubbed)"
mkdir -p "$work/copy/scripts"
cp "$src/scripts/setup.sh" "$src/scripts/requirements-dev.txt" "$work/copy/scripts/"
if ! "${stubbed[@]}" "$work/copy/scripts/setup.sh" --build-only >"$work/setup.log" 2>&1; then
  cat "$work/setup.log"; echo "   FAIL: setup.sh --build-only"; exit 1
fi
sed 's/^/   | /' "$work/setup.log"
expect "no .venv made" test ! -e "$work/copy/.venv"
expect "no Python ran" no_python_ran
[[ $fail -eq 0 ]] || exit 1
echo "configure_check: OK"
