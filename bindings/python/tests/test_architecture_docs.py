"""The architecture as documented agrees with the package: docs/architecture.md's module table
names every engine module with the dependencies Package.swift gives it, and every public Swift
module has a DocC catalog that `make docs` builds (the umbrella's with the DataFlow article)."""

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


def test_the_module_table_matches_package_swift() -> None:
    targets = _package_targets()
    table = _architecture_table()
    engine = {name for name in targets if name.startswith(("Ghostframe", "_Ghostframe", "CGhostframe"))}
    engine -= {"GhostframeTestSupport", "GhostframeBenchmarks"}
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
