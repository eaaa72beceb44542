#!/usr/bin/env bash
# The Python package as a user gets it (steps of `make test`):
#
#   check_python_package.sh install PYTHON
#       `pip install .` into a fresh virtual environment (the library is built by CMake through
#       scikit-build-core and bundled), then `import ghostframe` from a folder outside the checkout,
#       without GHOSTFRAME_LIBRARY, and the `ghostframe` console command.
#   check_python_package.sh wheel PYTHON
#       `pip wheel .`, checks the wheel (platform tag, the bundled library, no libswift* needed),
#       installs it into another fresh environment with the test requirements, and runs the whole
#       Python suite against the installed package with the Swift toolchain hidden (a private mount
#       namespace with a tmpfs over the toolchain, as cmake/check_static_runtime.sh does).
#
# PYTHON is the base interpreter for the environments (make passes .venv/bin/python; a venv made
# from a venv uses the same base Python). Work files go to build-python/check/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD
mode=${1:?usage: $0 install|wheel PYTHON}
python=${2:?usage: $0 install|wheel PYTHON}
work=$repo/build-python/check
mkdir -p "$work"
pip_flags=(--disable-pip-version-check --no-input --quiet)
unset GHOSTFRAME_LIBRARY PYTHONPATH

fresh_venv() {  # fresh_venv DIR
  rm -rf "$1"
  "$python" -m venv "$1"
}

# A folder outside the checkout: the source package must not be importable from there.
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT

case $mode in
install)
  venv=$work/venv-install
  fresh_venv "$venv"
  echo "== pip install $repo (builds libghostframe.so with the static Swift runtime)"
  start=$EPOCHREALTIME
  if ! "$venv/bin/python" -m pip install "${pip_flags[@]}" "$repo" >"$work/install.log" 2>&1; then
    tail -n 40 "$work/install.log"; echo "FAIL: pip install"; exit 1
  fi
  echo "   installed in $(awk "BEGIN { printf \"%.0f\", $EPOCHREALTIME - $start }") s"
  echo "== import ghostframe from $outside"
  (cd "$outside" && "$venv/bin/python" - "$venv" <<'PY'
import os, sys
import ghostframe as gf
venv = os.path.realpath(sys.argv[1])
where = os.path.realpath(gf.__file__)
lib = os.path.realpath(gf.library_path)
print(f"   ghostframe {gf.__version__} from {where}")
print(f"   library {lib}")
assert where.startswith(venv), f"imported {where}, not the installed package in {venv}"
assert os.path.dirname(lib) == os.path.dirname(where), f"the library {lib} is not the bundled one"
y = gf.Curve("ease-in-out")(0.25)
assert abs(y - 0.1291619310473) < 1e-7, y  # cubic-bezier(.42, 0, .58, 1) at 0.25, by bisection
scene = gf.Scene()
scene.add_layer("a", frame=(0, 0, 10, 10))
assert len(scene) == 1
print("   Curve and Scene work")
PY
  )
  echo "== the console command"
  (cd "$outside" && "$venv/bin/ghostframe" --version)
  (cd "$outside" && "$venv/bin/ghostframe" --help >/dev/null)
  echo "python-package install: OK"
  ;;

wheel)
  dist=$work/dist
  rm -rf "$dist"
  echo "== pip wheel $repo"
  if ! "$python" -m pip wheel "${pip_flags[@]}" --no-deps -w "$dist" "$repo" >"$work/wheel.log" 2>&1; then
    tail -n 40 "$work/wheel.log"; echo "FAIL: pip wheel"; exit 1
  fi
  wheel=$(ls "$dist"/ghostframe-*.whl)
  echo "   $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KB)"
  "$python" - "$wheel" "$work/unpacked" <<'PY'
import sys, zipfile, shutil, os
wheel, out = sys.argv[1], sys.argv[2]
name = os.path.basename(wheel)
assert name.endswith("-py3-none-linux_x86_64.whl") or "-py3-none-linux_" in name, f"not a platform wheel: {name}"
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    meta = next(n for n in names if n.endswith(".dist-info/WHEEL"))
    text = z.read(meta).decode()
    assert "Root-Is-Purelib: false" in text, text
    assert "ghostframe/libghostframe.so" in names, names
    assert "ghostframe/py.typed" in names
    shutil.rmtree(out, ignore_errors=True)
    z.extract("ghostframe/libghostframe.so", out)
print("   tag, Root-Is-Purelib: false, ghostframe/libghostframe.so and py.typed: OK")
PY
  if readelf -d "$work/unpacked/ghostframe/libghostframe.so" | grep -E 'NEEDED.*libswift|RUNPATH|RPATH'; then
    echo "FAIL: the bundled library needs the Swift runtime or carries a search path"; exit 1
  fi
  echo "   the bundled library needs no libswift* and has no RUNPATH"

  venv=$work/venv-wheel
  fresh_venv "$venv"
  "$venv/bin/python" -m pip install "${pip_flags[@]}" "$wheel" -r "$repo/scripts/requirements-dev.txt"

  # Hide the toolchain root (the parent of usr/ of swiftc), unless that is a system folder.
  toolchain_usr=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
  hide=$(dirname "$toolchain_usr")
  case $hide in / | /usr | /usr/local | /opt | "$HOME") hide=$toolchain_usr/lib/swift ;; esac
  runner=(env -u LD_LIBRARY_PATH GHOSTFRAME_TEST_INSTALLED=1 PYTHONDONTWRITEBYTECODE=1)
  suite="cd '$outside' && '$venv/bin/python' -m pytest -q -p no:cacheprovider '$repo/bindings/python/tests'"
  if command -v unshare >/dev/null && unshare -m sh -c "mount -t tmpfs none '$hide'" 2>/dev/null; then
    echo "== the Python suite on the installed wheel, $hide hidden"
    "${runner[@]}" unshare -m sh -c "mount -t tmpfs none '$hide' &&
      if command -v swiftc >/dev/null 2>&1 || [ -e '$toolchain_usr/lib/swift/linux/libswiftCore.so' ]; then
        echo 'FAIL: the toolchain is still visible'; exit 1; fi && $suite"
  else
    echo "== the Python suite on the installed wheel (unshare -m not permitted here: toolchain NOT hidden)"
    "${runner[@]}" sh -c "$suite"
  fi
  echo "python-package wheel: OK"
  ;;
*)
  echo "usage: $0 install|wheel PYTHON" >&2; exit 2 ;;
esac
