"""Finding and loading libghostframe.so, the ABI check, versions, and the declared layouts."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

import ghostframe as gf
from ghostframe import _native
from _support import find_repository, header_text, package_without_library, subprocess_env


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=subprocess_env(**env),
        timeout=120,
    )


# -- what loaded -------------------------------------------------------------------------


def test_library_path_is_a_loaded_file() -> None:
    assert os.path.isfile(gf.library_path), gf.library_path
    env = os.environ.get("GHOSTFRAME_LIBRARY")
    if env:
        assert os.path.samefile(gf.library_path, env)
    else:
        assert os.path.basename(gf.library_path).startswith("libghostframe.so")


def test_abi_version_matches_the_header() -> None:
    assert gf.ABI_VERSION == 1
    assert _native.lib.gf_abi_version() == gf.ABI_VERSION


def test_header_abi_version_is_the_bindings(repo_header: str) -> None:
    text = header_text(repo_header)
    match = re.search(r"#define\s+GF_ABI_VERSION\s+(\d+)", text)
    assert match and int(match.group(1)) == gf.ABI_VERSION


def test_version_comes_from_the_library() -> None:
    assert gf.__version__ == _native.lib.gf_version_string().decode()
    assert re.fullmatch(r"\d+\.\d+\.\d+", gf.__version__), gf.__version__
    number = _native.lib.gf_version_number()
    major, minor, patch = (int(p) for p in gf.__version__.split("."))
    assert number == major * 10000 + minor * 100 + patch
    assert "__version__" in dir(gf)


def test_every_declared_function_is_exported() -> None:
    assert _native.lib.missing == (), f"the library lacks {_native.lib.missing}"


def test_table_covers_the_header(repo_header: str) -> None:
    """The declarative table and Include/ghostframe.h (its parts) declare the same functions."""
    text = header_text(repo_header)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    declared = set(re.findall(r"\b(gf_\w+)\s*\(", text))
    declared -= {name for name in declared if name.isupper()}
    declared -= {"gf_status"}  # the return type of the plugin table's function-pointer typedefs
    table = {name for name, _, _ in _native.FUNCTIONS}
    assert table == declared, (
        f"only in the header: {sorted(declared - table)}; only in the binding: {sorted(table - declared)}"
    )


def test_all_names_exist() -> None:
    for name in gf.__all__:
        assert hasattr(gf, name), name
    for name in ("Curve", "Spring", "Timing", "TimingState", "GhostframeError", "ABI_VERSION", "__version__"):
        assert name in gf.__all__


def test_py_typed_is_shipped() -> None:
    assert os.path.isfile(os.path.join(os.path.dirname(gf.__file__), "py.typed"))


# -- search order ------------------------------------------------------------------------


def test_candidates_bundled_then_env_var_then_swiftpm_then_the_system(tmp_path) -> None:
    package = tmp_path / "repo" / "bindings" / "python" / "ghostframe"
    package.mkdir(parents=True)
    (tmp_path / "repo" / "Package.swift").write_text("// swift-tools-version: 6.0\n")
    for config in ("release", "debug"):
        build = tmp_path / "repo" / ".build" / "x86_64-unknown-linux-gnu" / config
        build.mkdir(parents=True)
        (build / "libghostframe.so").write_bytes(b"")
    (package / "libghostframe.so.0.1.0").write_bytes(b"")
    (package / "libghostframe.so.0.10.0").write_bytes(b"")
    candidates = _native.candidate_paths(str(package), env=None)
    paths = [p for _, p in candidates if p is not None]
    repo = str(tmp_path / "repo")
    assert paths[:2] == [str(package / "libghostframe.so.0.10.0"), str(package / "libghostframe.so.0.1.0")]
    assert candidates[2] == ("$GHOSTFRAME_LIBRARY (not set)", None)
    expected_build = [
        os.path.join(repo, ".build", "release", "libghostframe.so"),
        os.path.join(repo, ".build", "debug", "libghostframe.so"),
        os.path.join(repo, ".build", "x86_64-unknown-linux-gnu", "release", "libghostframe.so"),
        os.path.join(repo, ".build", "x86_64-unknown-linux-gnu", "debug", "libghostframe.so"),
    ]
    assert paths[2:6] == expected_build
    # Then the dynamic loader's own search: the runtime soname first, then the development name.
    assert paths[6:8] == ["libghostframe.so.0", "libghostframe.so"]
    assert all(os.sep in p for p in paths[8:])  # at most find_library's answer after them


def test_candidates_with_the_env_var_end_with_it(tmp_path) -> None:
    """Set, GHOSTFRAME_LIBRARY follows the bundled library and is the last place tried."""
    package = tmp_path / "site-packages" / "ghostframe"
    package.mkdir(parents=True)
    chosen = str(tmp_path / "mine" / "libghostframe.so")
    assert _native.candidate_paths(str(package), env=chosen) == [
        ("the bundled library", str(package / "libghostframe.so")),
        ("$GHOSTFRAME_LIBRARY", chosen),
    ]


def test_candidates_outside_a_repository(tmp_path) -> None:
    package = tmp_path / "site-packages" / "ghostframe"
    package.mkdir(parents=True)
    candidates = _native.candidate_paths(str(package), env=None)
    assert candidates[0] == ("the bundled library", str(package / "libghostframe.so"))
    swiftpm = [(d, p) for d, p in candidates if "SwiftPM" in d]
    assert swiftpm == [(f"SwiftPM build folders (no Package.swift above {package})", None)]
    assert ("the system's search for the soname", "libghostframe.so.0") in candidates
    assert ("the system's search for the development name", "libghostframe.so") in candidates


def test_env_var_is_used_without_a_bundled_library(tmp_path) -> None:
    proc = run_python(
        "import ghostframe as gf; print(gf.library_path)",
        GHOSTFRAME_LIBRARY=gf.library_path, PYTHONPATH=package_without_library(tmp_path),
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == gf.library_path


def test_the_bundled_library_comes_before_the_env_var(tmp_path) -> None:
    """A package that carries its library loads it even with GHOSTFRAME_LIBRARY set elsewhere."""
    folder = package_without_library(tmp_path)
    bundled = os.path.join(folder, "ghostframe", "libghostframe.so")
    shutil.copyfile(gf.library_path, bundled)
    proc = run_python(
        "import ghostframe as gf; print(gf.library_path)",
        GHOSTFRAME_LIBRARY=str(tmp_path / "elsewhere" / "libghostframe.so"), PYTHONPATH=folder,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == bundled


@pytest.mark.parametrize("names, expected", [
    (["libghostframe.so.0"], "libghostframe.so.0"),  # a runtime-only install: no development symlink
    (["libghostframe.so"], "libghostframe.so"),
    (["libghostframe.so.0", "libghostframe.so"], "libghostframe.so.0"),  # the soname first
])
def test_the_system_search_finds_the_soname_then_the_dev_name(tmp_path, names, expected) -> None:
    """No bundled library, no GHOSTFRAME_LIBRARY, outside a checkout: dlopen by name through
    LD_LIBRARY_PATH, as for a library installed into the system's folders."""
    libdir = tmp_path / "lib"
    libdir.mkdir()
    for name in names:
        shutil.copyfile(gf.library_path, libdir / name)
    proc = run_python(
        "import ghostframe as gf; print(gf.library_path)",
        GHOSTFRAME_LIBRARY=None, PYTHONPATH=package_without_library(tmp_path), LD_LIBRARY_PATH=str(libdir),
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(libdir / expected)


def test_nothing_anywhere_lists_the_places_in_order(tmp_path) -> None:
    """The error of a package with no library anywhere names the four places, in order."""
    proc = run_python(
        """
        try:
            import ghostframe
        except ImportError as exc:
            print(type(exc).__name__)
            for attempt in exc.attempts:
                print(attempt)
        """,
        GHOSTFRAME_LIBRARY=None, PYTHONPATH=package_without_library(tmp_path), LD_LIBRARY_PATH=None,
    )
    assert proc.returncode == 0, proc.stderr
    if "LibraryNotFoundError" not in proc.stdout:
        pytest.skip(f"a libghostframe is installed on this system: {proc.stdout.strip()}")
    lines = proc.stdout.splitlines()
    assert lines[0] == "LibraryNotFoundError"
    places = [line.split(":")[0].split(" (")[0] for line in lines[1:]]
    assert places[:2] == ["the bundled library", "$GHOSTFRAME_LIBRARY"], lines
    assert places[3:5] == ["the system's search for the soname", "the system's search for the development name"], lines
    assert "libghostframe.so.0 (" in lines[4] and "libghostframe.so (" in lines[5], lines


def test_search_without_env_var_finds_a_library() -> None:
    proc = run_python("import ghostframe as gf; print(gf.library_path)", GHOSTFRAME_LIBRARY=None)
    if proc.returncode != 0 and "LibraryNotFoundError" in proc.stderr:
        pytest.skip("no library on the search path (tests run with GHOSTFRAME_LIBRARY only)")
    assert proc.returncode == 0, proc.stderr
    assert os.path.basename(proc.stdout.strip()).startswith("libghostframe.so")


# -- errors when loading -----------------------------------------------------------------


def test_not_a_library_gives_library_not_found(tmp_path) -> None:
    bogus = tmp_path / "libghostframe.so"
    bogus.write_text("this is not an ELF file\n")
    proc = run_python(
        """
        try:
            import ghostframe
        except ImportError as exc:
            print(type(exc).__name__)
            print(isinstance(exc, ImportError))
            print(exc)
        else:
            print("imported?!")
        """,
        GHOSTFRAME_LIBRARY=str(bogus), PYTHONPATH=package_without_library(tmp_path),
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "LibraryNotFoundError", proc.stdout
    assert lines[1] == "True"
    text = "\n".join(lines[2:])
    assert "GHOSTFRAME_LIBRARY" in text and str(bogus) in text, text


def test_missing_file_gives_library_not_found_listing_it(tmp_path) -> None:
    missing = tmp_path / "nowhere" / "libghostframe.so"
    proc = run_python("import ghostframe", GHOSTFRAME_LIBRARY=str(missing), PYTHONPATH=package_without_library(tmp_path))
    assert proc.returncode != 0
    assert "LibraryNotFoundError" in proc.stderr
    assert str(missing) in proc.stderr and "no such file" in proc.stderr


def test_nothing_found_lists_every_place_tried(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(
        _native,
        "candidate_paths",
        lambda package_dir=None, env=None: [
            ("beside the package", str(tmp_path / "libghostframe.so")),
            ("SwiftPM debug build", str(tmp_path / ".build" / "debug" / "libghostframe.so")),
            ("ctypes.util.find_library('ghostframe') (found nothing)", None),
            ("the dynamic loader's search path", "libghostframe-does-not-exist.so"),
        ],
    )
    monkeypatch.delenv("GHOSTFRAME_LIBRARY", raising=False)
    with pytest.raises(gf.LibraryNotFoundError) as info:
        _native.load_library()
    err = info.value
    assert isinstance(err, ImportError)
    assert len(err.attempts) == 4
    text = str(err)
    for place in ("beside the package", "SwiftPM debug build", "find_library", "libghostframe-does-not-exist.so", str(tmp_path)):
        assert place in text, place
    assert "GHOSTFRAME_LIBRARY" in text  # the hint says how to point at a library


def test_a_stale_swiftpm_build_is_loaded_with_a_warning(monkeypatch, tmp_path) -> None:
    """release comes before debug, but a newer debug build is pointed out."""
    newer = tmp_path / "debug" / "libghostframe.so"
    newer.parent.mkdir()
    newer.write_bytes(b"")
    stamp = os.path.getmtime(gf.library_path) + 100
    os.utime(newer, (stamp, stamp))
    monkeypatch.setattr(
        _native,
        "candidate_paths",
        lambda package_dir=None, env=None: [("SwiftPM release build", gf.library_path), ("SwiftPM debug build", str(newer))],
    )
    monkeypatch.delenv("GHOSTFRAME_LIBRARY", raising=False)
    with pytest.warns(RuntimeWarning, match="built more recently") as record:
        loaded = _native.load_library()
    assert loaded.path == os.path.abspath(gf.library_path)
    assert str(newer) in str(record[0].message)


def test_a_library_without_gf_abi_version_is_rejected() -> None:
    libm = ctypes.util.find_library("m")
    if libm is None:
        pytest.skip("no libm to stand in for a foreign library")
    with pytest.raises(gf.LibraryNotFoundError, match="gf_abi_version"):
        _native.load_library(libm)


def test_wrong_abi_in_process() -> None:
    with pytest.raises(gf.ABIVersionError) as info:
        _native.load_library(gf.library_path, expected_abi=gf.ABI_VERSION + 1)
    err = info.value
    assert isinstance(err, ImportError)
    assert (err.path, err.expected, err.found) == (os.path.abspath(gf.library_path), gf.ABI_VERSION + 1, gf.ABI_VERSION)
    text = str(err)
    assert gf.library_path in text and str(gf.ABI_VERSION) in text and str(gf.ABI_VERSION + 1) in text


def test_wrong_abi_from_a_stub_library(tmp_path) -> None:
    """A real shared object whose gf_abi_version() returns 99: import fails naming both versions."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to build a stub library")
    source = tmp_path / "stub.c"
    source.write_text("unsigned int gf_abi_version(void) { return 99; }\n")
    stub = tmp_path / "libghostframe.so"
    build = subprocess.run([compiler, "-shared", "-fPIC", "-o", str(stub), str(source)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    proc = run_python(
        """
        try:
            import ghostframe
        except ImportError as exc:
            print(type(exc).__name__, exc.expected, exc.found)
            print(exc)
        """,
        GHOSTFRAME_LIBRARY=str(stub), PYTHONPATH=package_without_library(tmp_path),
    )
    assert proc.returncode == 0, proc.stderr
    first, message = proc.stdout.split("\n", 1)
    assert first == "ABIVersionError 1 99"
    assert str(stub) in message and "99" in message and "version 1" in message


def test_imports_without_numpy() -> None:
    proc = run_python(
        """
        import sys
        sys.modules["numpy"] = None          # `import numpy` now fails
        import ghostframe as gf
        print(gf.Curve("linear").eval_many((0.25, 0.5)))
        print("numpy" in sys.modules and sys.modules["numpy"] is not None)
        """
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["[0.25, 0.5]", "False"]


def test_import_does_not_import_numpy() -> None:
    proc = run_python("import sys, ghostframe; print('numpy' in sys.modules)")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


# -- struct layouts against the C compiler -------------------------------------------------


@pytest.fixture(scope="module")
def repo_header() -> str:
    repo = find_repository()
    header = os.path.join(repo, "Include", "ghostframe.h") if repo else None
    if not header or not os.path.isfile(header):
        pytest.skip("not inside the Ghostframe repository (no Include/ghostframe.h)")
    return header


_STRUCTS = {
    "gf_spring": _native.gf_spring,
    "gf_timing_params": _native.gf_timing_params,
    "gf_core_animation_timing": _native.gf_core_animation_timing,
    "gf_timing_state": _native.gf_timing_state,
}


def test_struct_layouts_match_the_header(repo_header: str, tmp_path) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    lines = ['#include <stdio.h>', '#include <stddef.h>', '#include "ghostframe.h"', "int main(void) {"]
    for name, struct in _STRUCTS.items():
        lines.append(f'printf("{name} sizeof %zu\\n", sizeof({name}));')
        for field, _ in struct._fields_:
            lines.append(f'printf("{name} {field} %zu\\n", offsetof({name}, {field}));')
    lines += ["return 0; }"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines))
    exe = tmp_path / "layout"
    build = subprocess.run(
        [compiler, "-std=c11", "-I", os.path.dirname(repo_header), "-o", str(exe), str(source)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        name, field, value = line.split()
        struct = _STRUCTS[name]
        actual = ctypes.sizeof(struct) if field == "sizeof" else getattr(struct, field).offset
        assert actual == int(value), f"{name}.{field}: ctypes {actual}, C {value}"


def test_constants_match_the_header(repo_header: str) -> None:
    text = header_text(repo_header)
    defines = dict(re.findall(r"#define\s+(GF_\w+)\s+\(?(-?\d+)u?\)?\s*$", text, flags=re.M))
    limit = re.search(r"#define\s+GF_MAX_TEXT_BYTES\s+\((\d+)u?\s*<<\s*(\d+)\)", text)
    assert limit and _native.GF_MAX_TEXT_BYTES == int(limit.group(1)) << int(limit.group(2))
    from ghostframe import errors

    for name, value in defines.items():
        if name.startswith(("GF_E_", "GF_OK")):
            assert getattr(errors, name) == int(value), name
        elif name.startswith(("GF_DIRECTION_", "GF_FILL_", "GF_PHASE_", "GF_TIMING_STATE_")):
            assert getattr(_native, name) == int(value), name
