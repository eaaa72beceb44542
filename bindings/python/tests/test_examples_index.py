"""examples/README.md indexes every example: each data folder and each program is listed with a
link that exists, and each CTest it names is one CMakeLists.txt declares."""
import os
import re

import pytest

from _support import find_repository

REPO = find_repository()
pytestmark = pytest.mark.skipif(REPO is None, reason="tests run outside the repository")

PROGRAM_FOLDERS = ("c", os.path.join("c", "plugins"), "python")


def _index() -> str:
    with open(os.path.join(REPO, "examples", "README.md"), encoding="utf-8") as index:
        return index.read()


def _links(text: str) -> set:
    return {target.rstrip("/") for target in re.findall(r"\]\(([^)#]+)\)", text)}


def test_every_program_and_data_folder_is_listed():
    examples = os.path.join(REPO, "examples")
    links = _links(_index())
    want = set()
    for folder in PROGRAM_FOLDERS:
        for name in os.listdir(os.path.join(examples, folder)):
            if os.path.isfile(os.path.join(examples, folder, name)):
                want.add(os.path.join(folder, name).replace(os.sep, "/"))
    want |= {"swift/" + name for name in os.listdir(os.path.join(examples, "swift"))}
    want |= {name for name in os.listdir(examples)
             if os.path.isdir(os.path.join(examples, name)) and name not in ("c", "python", "swift")}
    missing = sorted(want - links)
    assert not missing, f"examples/README.md does not list {missing}"
    assert len(want) >= 18, want


def test_the_links_exist_and_programs_sit_only_under_their_language():
    examples = os.path.join(REPO, "examples")
    for target in _links(_index()):
        assert os.path.exists(os.path.join(examples, target)), f"examples/README.md links to a missing {target}"
    # No program outside examples/<language>/: the data folders hold documents only.
    for folder in os.listdir(examples):
        if folder in ("c", "python", "swift") or not os.path.isdir(os.path.join(examples, folder)):
            continue
        for root, _, files in os.walk(os.path.join(examples, folder)):
            programs = [f for f in files if f.endswith((".c", ".py", ".swift"))]
            assert not programs, f"programs {programs} in the data folder {root}"
    # ... and none left in the old places.
    for old in (("bindings", "c", "examples"), ("bindings", "c", "plugins"), ("bindings", "python", "examples")):
        assert not os.path.exists(os.path.join(REPO, *old)), os.path.join(*old)


def test_the_tests_it_names_exist():
    with open(os.path.join(REPO, "CMakeLists.txt"), encoding="utf-8") as cmake:
        text = cmake.read()
    # Named tests, and the C tests made by a loop over names (add_test(NAME c_${name} ...)).
    declared = set(re.findall(r"add_test\(NAME (\w+)", text))
    declared |= {"c_" + name for name in re.findall(r"\b(test_\w+)\b", text)}
    named = set(re.findall(r"CTest `(\w+)`", _index()))
    assert named, "the index names no CTest"
    assert named <= declared, f"not declared in CMakeLists.txt: {sorted(named - declared)}"
