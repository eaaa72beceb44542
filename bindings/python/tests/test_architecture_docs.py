"""The architecture as documented agrees with the package: each engine module's dependencies are
one fact, stated alike by docs/architecture.md's module table, Package.swift, CMakeLists.txt and
the module's own `import` lines; and every public Swift module has a DocC catalog that `make docs`
builds (the umbrella's with the DataFlow article)."""

from __future__ import annotations

import os
import re

import pytest

from _support import find_repository

REPO = find_repository()
pytestmark = pytest.mark.skipif(
    REPO is None or not os.path.isfile(os.path.join(REPO, "docs", "architecture.md")),
    reason="the repository is not here (tests run outside it)",
)

# The table's short names for the modules, as its "depends on" column writes them.
SHORT = {"Core": "GhostframeCore", "Skeleton": "GhostframeSkeleton", "Formats": "GhostframeFormats"}


def _read(*parts: str) -> str:
    return open(os.path.join(REPO, *parts), encoding="utf-8").read()


def _package_targets() -> dict:
    """Every `.target(name:dependencies:)` of Package.swift (not tests): name -> dependency set."""
    text = _read("Package.swift")
    found = {}
    for match in re.finditer(r'\.target\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?', text):
        found[match.group(1)] = set(re.findall(r'"([^"]+)"', match.group(2) or ""))
    return found


def _public_libraries() -> list:
    """The library products of the Swift API: every `.library` but the dynamic C library."""
    text = _read("Package.swift")
    return [
        targets[0]
        for kind, targets in (
            (m.group(2) or "", re.findall(r'"([^"]+)"', m.group(3)))
            for m in re.finditer(r'\.library\(name:\s*"([^"]+)",\s*(type:\s*\.\w+,\s*)?targets:\s*\[([^\]]*)\]\)', text)
        )
        if "dynamic" not in kind
    ]


def _architecture_table() -> dict:
    """docs/architecture.md's module table: module -> the set its "depends on" cell names."""
    rows = {}
    for line in _read("docs", "architecture.md").splitlines():
        match = re.match(r"\| \[`([^`]+)`\]\([^)]*\) \|[^|]*\| ([^|]*) \|", line)
        if match:
            cell = match.group(2).strip()
            names = set() if cell in ("nothing", "none") else {n.strip().strip("`") for n in cell.split(",")}
            rows[match.group(1)] = {SHORT.get(n, n) for n in names}
    return rows


# Modules every platform brings, which no manifest lists.
SYSTEM_MODULES = {"Glibc", "Musl", "Darwin", "Foundation", "FoundationEssentials", "Synchronization", "Dispatch"}

# An import line: any attributes (`@_exported`, `@testable`), an access level, an import kind.
IMPORT = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)", re.M)


def _swift_imports(text: str) -> set:
    """The modules a Swift source imports, the platform's aside."""
    return set(IMPORT.findall(text)) - SYSTEM_MODULES


def _module_imports(module: str) -> set:
    """Every module the Swift files under Sources/<module> import (the platform's aside)."""
    found = set()
    for folder, _, files in os.walk(os.path.join(REPO, "Sources", module)):
        for name in files:
            if name.endswith(".swift"):
                found |= _swift_imports(open(os.path.join(folder, name), encoding="utf-8").read())
    return found


def _cmake_modules() -> dict:
    """CMakeLists.txt's engine: module -> the set it links (`ghostframe_add_module(NAME deps...)`,
    the C kernels' library, and the bridge, whose header module comes in by its module map)."""
    text = _read("CMakeLists.txt")
    found = {}
    for match in re.finditer(r"^ghostframe_add_module\(([^)]*)\)", text, re.M):
        name, *deps = match.group(1).split()
        found[name] = set(deps)
    if re.search(r"^add_library\(_GhostframeKernels ", text, re.M):
        found["_GhostframeKernels"] = set()
    bridge = re.search(r"^target_link_libraries\(ghostframe PRIVATE ([^)]*)\)", text, re.M)
    if bridge:
        found["GhostframeBridge"] = set(bridge.group(1).split())
        if "-fmodule-map-file=${GHOSTFRAME_MODULEMAP}" in text:
            found["GhostframeBridge"].add("CGhostframe")
    return found


def _dependency_problems(engine: set, package: dict, imports: dict, cmake: dict, table: dict) -> list:
    """Where one engine module's dependencies differ between Package.swift (the reference), its
    `import` lines, CMakeLists.txt and docs/architecture.md. CGhostframe, header only, has no
    Swift and no CMake library; the other modules have both."""
    problems = []
    for module in sorted(engine):
        declared = package[module]
        stated = {"its import lines": imports.get(module, set()), "CMakeLists.txt": cmake.get(module),
                  "docs/architecture.md": table.get(module)}
        if module == "CGhostframe":
            del stated["its import lines"], stated["CMakeLists.txt"]
        for where, names in stated.items():
            if names is None:
                problems.append(f"{module}: {where} does not list it")
            elif names != declared:
                problems.append(f"{module}: {where}: {sorted(names)}; Package.swift: {sorted(declared)}")
    return problems


def _engine_modules(targets: dict) -> set:
    engine = {name for name in targets if name.startswith(("Ghostframe", "_Ghostframe", "CGhostframe"))}
    return engine - {"GhostframeTestSupport", "GhostframeBenchmarks"}


def test_each_module_imports_what_package_swift_cmake_and_the_docs_say_it_depends_on() -> None:
    """Issue 31: GhostframeTools declared Skeleton and Timeline and imported only Core. Each
    module's dependencies, one fact: Package.swift = its imports = CMakeLists.txt = the docs."""
    targets = _package_targets()
    engine = _engine_modules(targets)
    imports = {module: _module_imports(module) for module in engine}
    assert imports["GhostframeTools"] == {"GhostframeCore"}, imports["GhostframeTools"]
    assert _dependency_problems(engine, targets, imports, _cmake_modules(), _architecture_table()) == []


def test_the_dependency_check_catches_each_kind_of_disagreement() -> None:
    """The check above names a module whose imports, CMake line or docs row differ from its
    manifest entry, and one that CMake or the docs leave out."""
    targets = _package_targets()
    engine = _engine_modules(targets)
    imports = {module: _module_imports(module) for module in engine}
    cmake, table = _cmake_modules(), _architecture_table()
    # The state issue 31 found: a manifest edge the code never imports.
    stale = dict(targets, GhostframeTools={"GhostframeCore", "GhostframeSkeleton", "GhostframeTimeline"})
    assert [p.split(": ")[1] for p in _dependency_problems(engine, stale, imports, cmake, table)] == [
        "its import lines", "CMakeLists.txt", "docs/architecture.md"]
    extra_import = dict(imports, GhostframeExport=imports["GhostframeExport"] | {"GhostframeSkeleton"})
    assert _dependency_problems(engine, targets, extra_import, cmake, table) == [
        "GhostframeExport: its import lines: ['GhostframeCore', 'GhostframeSkeleton']; Package.swift: ['GhostframeCore']"]
    no_cmake = {k: v for k, v in cmake.items() if k != "GhostframeTimeline"}
    assert _dependency_problems(engine, targets, imports, no_cmake, table) == [
        "GhostframeTimeline: CMakeLists.txt does not list it"]
    wrong_row = dict(table, GhostframeSkeleton=set())
    assert _dependency_problems(engine, targets, imports, cmake, wrong_row) == [
        "GhostframeSkeleton: docs/architecture.md: []; Package.swift: ['GhostframeCore']"]
    # Attributes, access levels and import kinds are read; the platform's modules are not.
    assert _swift_imports("@_exported import A\npackage import B\ninternal import C\nimport struct D.E\n"
                          "@testable import F\nimport Glibc\n// import G\n") == {"A", "B", "C", "D", "F"}


def test_the_module_table_matches_package_swift() -> None:
    targets = _package_targets()
    table = _architecture_table()
    engine = _engine_modules(targets)
    assert len(engine) >= 7, f"Package.swift parsed badly: {sorted(targets)}"
    assert set(table) == engine, f"docs/architecture.md's table has {sorted(table)}, Package.swift {sorted(engine)}"
    for module in engine:
        assert table[module] == targets[module], (
            f"docs/architecture.md: {module} depends on {sorted(table[module])}, "
            f"Package.swift says {sorted(targets[module])}"
        )


def test_every_public_module_has_a_docc_catalog_that_make_docs_builds() -> None:
    modules = _public_libraries()
    assert {"Ghostframe", "GhostframeCore", "GhostframeSkeleton", "GhostframeFormats"} <= set(modules)
    doc_targets = re.search(r"^DOC_TARGETS := (.*)$", _read("Makefile"), re.M)
    assert doc_targets, "the Makefile has no DOC_TARGETS"
    for module in modules:
        landing = _read("Sources", module, f"{module}.docc", f"{module}.md")
        assert landing.startswith(f"# ``{module}``\n"), f"{module}.docc's landing page is not the module's page"
        assert "\n## Overview\n" in landing and "\n## Topics\n" in landing, f"{module}.docc lacks Overview or Topics"
        assert module in doc_targets.group(1).split(), f"make docs does not build {module}"


def test_the_umbrella_has_the_data_flow_article() -> None:
    landing = _read("Sources", "Ghostframe", "Ghostframe.docc", "Ghostframe.md")
    article = _read("Sources", "Ghostframe", "Ghostframe.docc", "DataFlow.md")
    assert "<doc:DataFlow>" in landing
    assert article.startswith("# ")
    # Each step of the flow, and the two things around it, has its section.
    for heading in ("describes its screen", "Skeleton generation", "layers and effect animations",
                    "Host animations", "sample at t", "The host draws", "JSON in and out", "The C ABI"):
        assert re.search(rf"^##+ .*{heading}", article, re.M | re.I), f"DataFlow.md has no section on {heading!r}"


def _landing_page_problems(landing: str, modules: list, exported: set) -> list:
    """What the umbrella's DocC page (the documentation's start page) lacks: every public module
    but the umbrella a row of its module table and a link under Topics > Modules, each to the
    module's own page (``/Module``), re-exported by `import Ghostframe`; no word that modules are
    still to come."""
    problems = []
    rows = re.findall(r"^\| ``/(\w+)`` \|", landing, re.M)
    modules_topic = re.search(r"^### Modules\n(.*?)(?=^#|\Z)", landing, re.M | re.S)
    links = re.findall(r"^- ``/(\w+)``\s*$", modules_topic.group(1), re.M) if modules_topic else []
    for module in modules:
        if module == "Ghostframe":
            continue
        if module not in rows:
            problems.append(f"{module} has no row in the landing page's module table")
        if module not in links:
            problems.append(f"{module} is not linked under Topics > Modules")
        if module not in exported:
            problems.append(f"`import Ghostframe` does not re-export {module}")
    for name in set(rows) | set(links):
        if name not in modules:
            problems.append(f"the landing page names {name}, which is no public module of Package.swift")
    if re.search(r"as they arrive|still to come|not yet", landing, re.I):
        problems.append("the landing page says modules are still to come")
    return problems


def _umbrella_exports() -> set:
    """The modules Sources/Ghostframe re-exports (`@_exported import X`)."""
    folder = os.path.join(REPO, "Sources", "Ghostframe")
    text = "".join(_read("Sources", "Ghostframe", name) for name in os.listdir(folder) if name.endswith(".swift"))
    return set(re.findall(r"^@_exported import (\w+)", text, re.M))


def test_the_landing_page_lists_and_links_every_public_module() -> None:
    """Issue 30: the start page listed 3 of the 5 modules. Every public library of Package.swift
    (the umbrella aside) is in its table and linked under Topics, each to a page of its own."""
    modules = _public_libraries()
    assert {"GhostframeCore", "GhostframeSkeleton", "GhostframeFormats", "GhostframeTimeline",
            "GhostframeTools"} <= set(modules), f"Package.swift parsed badly: {modules}"
    landing = _read("Sources", "Ghostframe", "Ghostframe.docc", "Ghostframe.md")
    assert _landing_page_problems(landing, modules, _umbrella_exports()) == []
    article = _read("Sources", "Ghostframe", "Ghostframe.docc", "DataFlow.md")
    assert "as they arrive" not in article, "DataFlow.md still says producers are to come"


def test_the_landing_page_check_catches_a_missing_module() -> None:
    """The check above fails for a page without one module's row or link, or with stale words."""
    modules = _public_libraries()
    landing = _read("Sources", "Ghostframe", "Ghostframe.docc", "Ghostframe.md")
    exported = _umbrella_exports()
    without_row = re.sub(r"^\| ``/GhostframeTools`` \|.*\n", "", landing, flags=re.M)
    assert _landing_page_problems(without_row, modules, exported) == [
        "GhostframeTools has no row in the landing page's module table"]
    without_link = re.sub(r"^- ``/GhostframeTimeline``\n", "", landing, flags=re.M)
    assert _landing_page_problems(without_link, modules, exported) == [
        "GhostframeTimeline is not linked under Topics > Modules"]
    assert _landing_page_problems(landing, modules + ["GhostframeExtra"], exported | {"GhostframeExtra"}) == [
        "GhostframeExtra has no row in the landing page's module table",
        "GhostframeExtra is not linked under Topics > Modules"]
    assert _landing_page_problems(landing, modules, exported - {"GhostframeTools"}) == [
        "`import Ghostframe` does not re-export GhostframeTools"]
    stale = landing.replace("## Overview", "## Overview\n\nTimelines come as they arrive.")
    assert _landing_page_problems(stale, modules, exported) == ["the landing page says modules are still to come"]
