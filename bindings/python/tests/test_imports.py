"""The package's modules import on their own, and without a cycle (issue 31, point 4).

Each module of ``ghostframe`` (subpackages too) is imported first and alone in a fresh
interpreter; and the graph of the package's module-level imports (read with :mod:`ast`, so
imports inside functions - the deferred ones, such as the previewer's - are not edges, while
those under ``if TYPE_CHECKING:`` or ``try:`` at module level are) has no cycle. A cycle there is
how ``layout`` and ``skeleton`` once needed each other.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from typing import Dict, List, Optional, Set

import pytest

import ghostframe

from _support import subprocess_env

PACKAGE_DIR = os.path.dirname(os.path.abspath(ghostframe.__file__))


def _modules() -> Dict[str, str]:
    """Every module of the package: dotted name -> source path."""
    found: Dict[str, str] = {}
    for folder, dirs, files in os.walk(PACKAGE_DIR):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and os.path.isfile(os.path.join(folder, d, "__init__.py")))
        relative = os.path.relpath(folder, PACKAGE_DIR)
        prefix = "ghostframe" if relative == "." else "ghostframe." + relative.replace(os.sep, ".")
        for file in files:
            if file.endswith(".py"):
                name = prefix if file == "__init__.py" else f"{prefix}.{file[:-3]}"
                found[name] = os.path.join(folder, file)
    return found


MODULES = _modules()


def module_imports(name: str, source: str, is_package: bool, known: Set[str]) -> Set[str]:
    """The modules of ``known`` that the module ``name`` imports at module level: statements in
    its body and in the bodies of its module-level ``if`` (both branches), ``try`` (every part)
    and ``with`` blocks; not those inside functions or classes."""
    package = name if is_package else name.rpartition(".")[0]
    found: Set[str] = set()

    def resolve(module: Optional[str], level: int) -> str:
        if level == 0:
            return module or ""
        parts = package.split(".")
        base = parts[: len(parts) - (level - 1)]
        return ".".join(base + ([module] if module else []))

    parts = name.split(".")
    # The packages that hold `name`: Python has imported them before `name` runs.
    ancestors = {".".join(parts[:i]) for i in range(1, len(parts))}

    def add(target: str) -> None:
        # `import a.b.c` imports a, a.b and a.b.c; each of the package's counts, except the
        # packages holding `name` on the way to another module (already imported). The package
        # holding `name` itself is an edge only when its own names are used (`import ghostframe`,
        # `from . import Scene`): that needs its __init__ to have run.
        steps = target.split(".")
        for i in range(1, len(steps) + 1):
            candidate = ".".join(steps[:i])
            if candidate not in known or candidate == name:
                continue
            if candidate in ancestors and candidate != target:
                continue
            found.add(candidate)

    def walk(body: List[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name)
            elif isinstance(node, ast.ImportFrom):
                base = resolve(node.module, node.level)
                submodules = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
                for submodule in submodules:  # `from . import errors`: a module
                    add(submodule)
                if len(submodules) < len(node.names) or base not in ancestors:
                    add(base)  # names of `base` itself
            elif isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    walk(handler.body)
                walk(node.orelse)
                walk(node.finalbody)
            elif isinstance(node, ast.With):
                walk(node.body)

    walk(ast.parse(source).body)
    return found


def find_cycle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    """One cycle of ``graph`` as a path ``[a, b, ..., a]``, or None."""
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    path: List[str] = []

    def visit(node: str) -> Optional[List[str]]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def package_graph() -> Dict[str, Set[str]]:
    known = set(MODULES)
    graph = {}
    for name, path in MODULES.items():
        with open(path, encoding="utf-8") as file:
            graph[name] = module_imports(name, file.read(), path.endswith("__init__.py"), known)
    return graph


def test_the_package_has_no_import_cycle() -> None:
    graph = package_graph()
    # The reader sees the package's edges (a sanity check that it reads relative imports).
    assert "ghostframe._native" in graph["ghostframe.curve"]
    assert "ghostframe.skeleton" in graph["ghostframe.layout"]
    assert "ghostframe._native" in graph["ghostframe.render.layers"]  # `from .. import _native`
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_check_sees_module_level_imports_only() -> None:
    """The reader and the search, on made-up modules: a cycle through a TYPE_CHECKING import is
    found; one through an import inside a function is not an edge."""
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c"}
    a = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n"
    b = "from . import a\n\ndef later():\n    from .c import C\n"
    c = "import pkg.b\ntry:\n    from . import VERSION\nexcept ImportError:\n    pass\n"
    init = "from .a import A\n"
    graph = {
        "pkg": module_imports("pkg", init, True, known),
        "pkg.a": module_imports("pkg.a", a, False, known),
        "pkg.b": module_imports("pkg.b", b, False, known),
        "pkg.c": module_imports("pkg.c", c, False, known),
    }
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}, "pkg.c": {"pkg", "pkg.b"}}
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]
    graph["pkg.a"] = set()
    assert find_cycle(graph) is None
    graph["pkg.a"] = {"pkg.c"}  # pkg.c uses the package's own names: pkg -> pkg.a -> pkg.c -> pkg
    assert find_cycle(graph) == ["pkg", "pkg.a", "pkg.c", "pkg"]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_alone_in_a_fresh_interpreter(name: str) -> None:
    code = f"import importlib, sys\nimportlib.import_module({name!r})\nassert {name!r} in sys.modules\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(),
                          timeout=120)
    if proc.returncode != 0 and "ghostframe.errors.MissingDependencyError" in proc.stderr:
        # An optional extra's module (ghostframe.qt without PySide6): it says what to install, as it should.
        pytest.skip(proc.stderr.strip().splitlines()[-1])
    assert proc.returncode == 0, proc.stderr
