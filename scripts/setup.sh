#!/usr/bin/env bash
# `make setup` (run first by `make demo` and `make test`): installs what a fresh machine lacks.
#
#   1. Debian packages: cmake, ninja-build, pkg-config, libffi-dev, valgrind, util-linux (unshare),
#      libsdl2-dev (the SDL2 live host, examples/c/sdl_feed.c, and its CTest),
#      chromium-headless-shell (the browser `ghostframe page` drives through Playwright, and the
#      HTML and SVG exports are checked in; Debian's
#      `chromium` serves as well when it is there), fonts-dejavu-core (the pages' and Qt screens'
#      fonts in the toolkit tests), and the libraries PySide6's offscreen platform loads
#      (libegl1, libxkbcommon0, libfontconfig1, libdbus-1-3, libglib2.0-0),
#      and python3-venv where the Python lacks venv/ensurepip. Installed with apt-get when root;
#      otherwise the one `sudo apt-get install ...` line is printed and setup stops (exit 1).
#   2. A project-local virtual environment, .venv/ (ignored by git), with the Python packages every
#      Python step uses (scripts/requirements-dev.txt, with minimum versions). The system Python is
#      never modified. The environment is rebuilt when the requirements or the base Python change.
#
# Idempotent: a second run checks and does nothing (well under a second). The Swift toolchain
# cannot come from apt; without `swift` on PATH, setup says where to get it and stops.
#
#   scripts/setup.sh [--quiet]        GHOSTFRAME_PYTHON=/path/to/python3 picks the base Python.
#   scripts/setup.sh --build-only     what `make install` needs, and only that: cmake, ninja-build,
#                                     binutils (strip) and the Swift toolchain; no Python, no .venv/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

quiet=0 build_only=0
for arg in "$@"; do
  case $arg in
    --quiet) quiet=1 ;;
    --build-only) build_only=1 ;;
    *) echo "usage: $0 [--quiet] [--build-only]" >&2; exit 2 ;;
  esac
done
say() { (( quiet )) || echo "setup: $*"; }
fail() { echo "setup: $*" >&2; exit 1; }
start=$EPOCHREALTIME

# ---- 1. Debian packages --------------------------------------------------------------------------
missing=()
have() { command -v "$1" >/dev/null 2>&1; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }

cmake_ok() {
  have cmake || return 1
  local v; v=$(cmake --version | sed -n '1s/[^0-9]*\([0-9][0-9.]*\).*/\1/p')
  [[ $(printf '%s\n3.25\n' "$v" | sort -V | head -n1) == 3.25 ]]
}
cmake_ok || missing+=(cmake)
have ninja || missing+=(ninja-build)
have strip || missing+=(binutils)
# The rest serves the tests, the demo and the Python steps, not `make install` (--build-only).
if (( ! build_only )); then
  have pkg-config || missing+=(pkg-config)
  have valgrind || missing+=(valgrind)
  have unshare || missing+=(util-linux)
  have readelf || [[ " ${missing[*]} " == *" binutils "* ]] || missing+=(binutils)
  if have dpkg-query; then installed libffi-dev || missing+=(libffi-dev)
  elif ! pkg-config --exists libffi 2>/dev/null; then missing+=(libffi-dev); fi
  if have dpkg-query; then installed libsdl2-dev || missing+=(libsdl2-dev)
  elif ! pkg-config --exists sdl2 2>/dev/null; then missing+=(libsdl2-dev); fi
  if have dpkg-query; then
    have chromium || have chromium-headless-shell || missing+=(chromium-headless-shell)
    for package in fonts-dejavu-core libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0; do
      installed "$package" || missing+=("$package")
    done
  fi

  base_python=${GHOSTFRAME_PYTHON:-$(command -v python3 || true)}
  [[ -n $base_python ]] || missing+=(python3)
  if [[ -n $base_python ]] && ! "$base_python" -c 'import venv, ensurepip' 2>/dev/null; then
    missing+=(python3-venv)
  fi
fi

if (( ${#missing[@]} )); then
  if [[ $(id -u) == 0 ]] && have apt-get; then
    say "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    (( build_only )) || base_python=${GHOSTFRAME_PYTHON:-$(command -v python3 || true)}
  else
    echo "setup: these Debian packages are missing: ${missing[*]}" >&2
    echo "setup: install them, then run the command again:" >&2
    echo "    sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
have swift || fail "the Swift toolchain (6.3 or newer) is not on PATH: install it from swift.org and put its usr/bin on PATH"
if (( build_only )); then
  say "cmake, ninja, strip and swift present: nothing else is needed to build and install the library"
  exit 0
fi

# ---- 2. The project's virtual environment ----------------------------------------------------------
venv=.venv
requirements=scripts/requirements-dev.txt
# The stamp names what the environment was made from: a change to either rebuilds it.
want="$(sha256sum "$requirements" | cut -c1-16) $("$base_python" -c 'import sys; print(sys.version.split()[0], sys.executable)')"
stamp=$venv/.ghostframe-setup

if [[ -x $venv/bin/python && -f $stamp && $(<"$stamp") == "$want" ]] && "$venv/bin/python" -c '' 2>/dev/null; then
  say "Debian packages present; $venv up to date ($(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $start }") s)"
  exit 0
fi

if [[ -d $venv && ! ( -f $stamp && $(cut -d' ' -f2- "$stamp") == "${want#* }" ) ]]; then
  say "the base Python changed: making $venv anew"
  rm -rf "$venv"
fi
if [[ ! -x $venv/bin/python ]]; then
  say "creating $venv with $base_python"
  "$base_python" -m venv "$venv"
fi
say "installing the Python packages of $requirements into $venv"
pip=("$venv/bin/python" -m pip --disable-pip-version-check --no-input)
"${pip[@]}" install --quiet --upgrade pip
"${pip[@]}" install --quiet -r "$requirements"
echo "$want" >"$stamp"
say "done in $(awk "BEGIN { printf \"%.0f\", $EPOCHREALTIME - $start }") s"
