#!/usr/bin/env python3
"""Checks that every place that states Ghostframe's version states the same one (CTest ``version_check``).

The version lives in the C header (``GF_VERSION_MAJOR/MINOR/PATCH`` and ``GF_VERSION_STRING`` of
``Include/ghostframe/base.h``, which the umbrella ``Include/ghostframe.h`` includes; read here through
the umbrella, scripts/header_text.py). Compared with it:

- the CMake project's version (``--cmake-version``, CMake's ``PROJECT_VERSION``: read from the header);
- the Python package's version in ``pyproject.toml``: either a literal ``version = "..."`` or, as now,
  ``dynamic = ["version"]`` with scikit-build-core's regex provider reading the header file that
  defines the version (the regex is applied here to that file, so a broken pattern fails too);
- the Swift API's ``GhostframeVersion`` (``Sources/GhostframeCore/Support/GhostframeVersion.swift``);
- the latest release of ``CHANGELOG.md`` (the first ``## [X.Y.Z]`` heading after ``## [Unreleased]``);
- ``ghostframe.__version__`` of the Python package loading the library given by ``--library``.

    check_version.py [--cmake-version 0.1.0] [--library path/to/libghostframe.so]

Exits 1 naming each disagreement, 0 with one line per source checked.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from header_text import UMBRELLA, expanded, header_files

ROOT = Path(__file__).resolve().parent.parent
HEADER = UMBRELLA
VERSION_DEFINE = re.compile(r'^#define GF_VERSION_STRING +"([^"]*)"', re.M)
PYPROJECT = ROOT / "pyproject.toml"
SWIFT = ROOT / "Sources" / "GhostframeCore" / "Support" / "GhostframeVersion.swift"
CHANGELOG = ROOT / "CHANGELOG.md"
SEMVER = r"[0-9]+\.[0-9]+\.[0-9]+"


def header_version(problems: list[str]) -> str:
    """The header's version (its parts included); a disagreement between its macros is a problem."""
    text = expanded(HEADER)
    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        match = re.search(rf"^#define GF_VERSION_{part} +([0-9]+) *$", text, re.M)
        if match is None:
            problems.append(f"{HEADER}: no GF_VERSION_{part}")
            parts.append("?")
        else:
            parts.append(match.group(1))
    from_parts = ".".join(parts)
    match = VERSION_DEFINE.search(text)
    if match is None:
        problems.append(f"{HEADER}: no GF_VERSION_STRING")
    elif match.group(1) != from_parts:
        problems.append(f"{HEADER}: GF_VERSION_STRING {match.group(1)!r} != MAJOR.MINOR.PATCH {from_parts!r}")
    return from_parts


def version_file() -> Path:
    """The file of the header (the umbrella or one of its parts) that defines GF_VERSION_STRING."""
    for path in header_files(HEADER):
        if VERSION_DEFINE.search(path.read_text(encoding="utf-8")):
            return path
    return HEADER


def toml_table(text: str, name: str) -> dict[str, object]:
    """The keys of one table of pyproject.toml, flattened ("metadata.version.provider")."""
    import tomllib  # Python 3.11+ (Debian 12's python3 and the project's .venv)

    data: object = tomllib.loads(text)
    for key in name.split("."):
        data = data.get(key, {}) if isinstance(data, dict) else {}
    flat: dict[str, object] = {}

    def walk(prefix: str, value: object) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else k, v)
        else:
            flat[prefix] = value

    walk("", data)
    return flat


def pyproject_version(problems: list[str]) -> str:
    """The Python package's version as pip will see it."""
    text = PYPROJECT.read_text(encoding="utf-8")
    project = toml_table(text, "project")
    if "version" in project:
        return str(project["version"])
    dynamic = project.get("dynamic", [])
    if not isinstance(dynamic, list) or "version" not in dynamic:
        problems.append(f"{PYPROJECT}: neither project.version nor dynamic = [\"version\"]")
        return "?"
    provider = toml_table(text, "tool.scikit-build")
    if provider.get("metadata.version.provider") != "scikit_build_core.metadata.regex":
        problems.append(f"{PYPROJECT}: a dynamic version needs tool.scikit-build.metadata.version.provider "
                        "= \"scikit_build_core.metadata.regex\"")
        return "?"
    source = ROOT / str(provider.get("metadata.version.input", ""))
    if source.resolve() != version_file().resolve():
        problems.append(f"{PYPROJECT}: the version is read from {source}, not from {version_file()}, "
                        f"the part of {HEADER.name} that defines GF_VERSION_STRING")
    pattern = str(provider.get("metadata.version.regex", ""))
    match = re.search(pattern, source.read_text(encoding="utf-8"), re.M) if source.is_file() else None
    if match is None or "value" not in match.groupdict():
        problems.append(f"{PYPROJECT}: the version regex {pattern!r} finds no (?P<value>...) in {source}")
        return "?"
    return match.group("value")


def swift_version(problems: list[str]) -> str:
    """GhostframeVersion.string, after checking its major/minor/patch agree with it."""
    text = SWIFT.read_text(encoding="utf-8")
    match = re.search(r'static let string: StaticString = "([^"]*)"', text)
    if match is None:
        problems.append(f"{SWIFT}: no `static let string`")
        return "?"
    parts = []
    for part in ("major", "minor", "patch"):
        number = re.search(rf"static let {part} = ([0-9]+)", text)
        parts.append(number.group(1) if number else "?")
    if ".".join(parts) != match.group(1):
        problems.append(f"{SWIFT}: string {match.group(1)!r} != major.minor.patch {'.'.join(parts)!r}")
    return match.group(1)


def changelog_version(problems: list[str]) -> str:
    """The latest release of CHANGELOG.md; [Unreleased] must come first."""
    headings = re.findall(r"^## \[([^\]]+)\]", CHANGELOG.read_text(encoding="utf-8"), re.M)
    if not headings or headings[0] != "Unreleased":
        problems.append(f"{CHANGELOG}: the first section must be ## [Unreleased] (Keep a Changelog)")
    releases = [h for h in headings if h != "Unreleased"]
    if not releases:
        problems.append(f"{CHANGELOG}: no release section (## [X.Y.Z] - YYYY-MM-DD)")
        return "?"
    if not re.fullmatch(SEMVER, releases[0]):
        problems.append(f"{CHANGELOG}: the latest release {releases[0]!r} is not MAJOR.MINOR.PATCH")
    return releases[0]


def python_runtime_version(library: str, problems: list[str]) -> str:
    """ghostframe.__version__ with GHOSTFRAME_LIBRARY=library and the checkout's package."""
    os.environ["GHOSTFRAME_LIBRARY"] = library
    sys.path.insert(0, str(ROOT / "bindings" / "python"))
    try:
        import ghostframe
    except Exception as error:  # noqa: BLE001 (reported, not raised)
        problems.append(f"import ghostframe with {library}: {error}")
        return "?"
    return str(ghostframe.__version__)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cmake-version", help="CMake's PROJECT_VERSION")
    parser.add_argument("--library", help="a libghostframe.so for ghostframe.__version__")
    args = parser.parse_args()

    problems: list[str] = []
    expected = header_version(problems)
    found = [(f"{version_file().relative_to(ROOT)} GF_VERSION_*", expected)]
    if args.cmake_version is not None:
        found.append(("CMake project(VERSION)", args.cmake_version))
    found.append(("pyproject.toml (the Python package)", pyproject_version(problems)))
    found.append(("Swift GhostframeVersion", swift_version(problems)))
    found.append(("CHANGELOG.md latest release", changelog_version(problems)))
    if args.library is not None:
        found.append(("ghostframe.__version__", python_runtime_version(args.library, problems)))
    for where, version in found:
        mark = "ok  " if version == expected else "FAIL"
        print(f"{mark} {version:<8} {where}")
        if version != expected:
            problems.append(f"{where} says {version}, the header {expected}")
    for problem in problems:
        print(f"version_check: {problem}", file=sys.stderr)
    if problems:
        print(f"version_check: the version lives in {version_file().relative_to(ROOT)}; make the others agree "
              "(CHANGELOG.md: a release section for it)", file=sys.stderr)
        return 1
    print(f"version_check: every source says {expected}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
