"""Issue 30: one rule for inputs. Every loader (``gf.skeleton``, ``gf.layout``, ``ViewTree.from_json``,
``Scene.from_json``, ``Timeline.from_json``) takes a dict, JSON text, bytes or a path: a ``str`` is
JSON text when it is blank or starts with ``{`` or ``[``, any other ``str`` a path, an
``os.PathLike`` always a path; each class also has ``from_file``. A missing file is a
FileNotFoundError naming it, and the library's errors about a file's content start with its name."""

from __future__ import annotations

import json
import pathlib
from typing import Any, Callable, Dict

import pytest

import ghostframe as gf

TREE = {"viewport": [200, 100], "root": {"frame": [0, 0, 200, 100],
                                         "children": [{"id": "t", "type": "label", "frame": [8, 8, 100, 20]}]}}
SCENE = {"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "frame": [1, 2, 3, 4]}]}
TIMELINE = {"definitions": {"up": {"changes": {"y": -10}}},
            "timeline": {"sequence": [{"anim": "up", "layers": ["a"], "duration": 1}]}}


def _fingerprints() -> Dict[str, Callable[[Any], Any]]:
    """What each loader made, as a comparable value: the sampled bytes or the schedule."""
    return {
        "skeleton": lambda source: gf.skeleton(source).sample_list(0.3),
        "view tree": lambda source: gf.ViewTree.from_json(source).skeleton().sample_list(0.3),
        "layout": lambda source: gf.layout(source),
        "scene": lambda source: gf.Scene.from_json(source).sample_list(0.3),
        "timeline": lambda source: gf.Timeline.from_json(source).schedule(),
    }


DOCUMENTS = {"skeleton": TREE, "view tree": TREE, "layout": TREE, "scene": SCENE, "timeline": TIMELINE}
FROM_FILE = {
    "view tree": lambda path: gf.ViewTree.from_file(path).skeleton().sample_list(0.3),
    "scene": lambda path: gf.Scene.from_file(path).sample_list(0.3),
    "timeline": lambda path: gf.Timeline.from_file(path).schedule(),
}


@pytest.mark.parametrize("loader", sorted(DOCUMENTS))
def test_every_form_gives_the_same_object(loader: str, tmp_path: pathlib.Path) -> None:
    load = _fingerprints()[loader]
    document = DOCUMENTS[loader]
    text = json.dumps(document)
    path = tmp_path / f"{loader.replace(' ', '_')}.json"
    path.write_text(text)
    reference = load(document)
    assert reference  # something was made
    for form in (text, "\n  " + text, text.encode(), bytearray(text.encode()), memoryview(text.encode()),
                 str(path), path):
        assert load(form) == reference, type(form).__name__
    if loader in FROM_FILE:
        assert FROM_FILE[loader](path) == reference
        assert FROM_FILE[loader](str(path)) == reference


@pytest.mark.parametrize("loader", sorted(DOCUMENTS))
def test_a_missing_file_names_itself_and_the_rule(loader: str, tmp_path: pathlib.Path) -> None:
    load = _fingerprints()[loader]
    missing = tmp_path / "nowhere" / "doc.json"
    with pytest.raises(FileNotFoundError) as as_str:
        load(str(missing))
    assert as_str.value.filename == str(missing) and "'{' or '['" in str(as_str.value)
    with pytest.raises(FileNotFoundError) as as_path:
        load(missing)
    assert as_path.value.filename == str(missing)
    if loader in FROM_FILE:
        with pytest.raises(FileNotFoundError, match="doc.json"):
            FROM_FILE[loader](missing)


def test_a_str_starting_otherwise_is_a_path_even_if_it_could_be_json() -> None:
    with pytest.raises(FileNotFoundError, match="'nul'"):
        gf.Scene.from_json("nul")
    with pytest.raises(gf.ParseError):
        gf.Scene.from_json("[nul")  # '[' first: JSON text, malformed
    with pytest.raises(gf.ParseError):
        gf.Scene.from_json("")  # blank: JSON text, empty


def test_from_file_reads_a_path_whatever_it_starts_with(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "{weird}.json").write_text(json.dumps(SCENE))
    assert len(gf.Scene.from_file("{weird}.json")) == 1
    with pytest.raises(gf.ParseError):
        gf.Scene.from_json("{weird}.json")  # from_json: a '{' str is JSON text
    with pytest.raises(TypeError):
        gf.Scene.from_file(b"x.json")  # type: ignore[arg-type]


def test_errors_about_a_files_content_name_the_file(tmp_path: pathlib.Path) -> None:
    tree = tmp_path / "tree.json"
    tree.write_text(json.dumps({"viewport": [10, 10], "root": {"frame": [0, 0, 10, 10], "children": [{"fram": [0, 0, 1, 1]}]}}))
    with pytest.raises(gf.InvalidArgumentError) as error:
        gf.skeleton(tree)
    assert error.value.message == f"{tree}: root.children[0].fram: unknown key 'fram' (did you mean 'frame'?)"
    scene = tmp_path / "scene.json"
    scene.write_text("{\n  \"format\": \"ghostframe-scene\",\n  \"layers\": [1 2]\n}")
    with pytest.raises(gf.ParseError, match=rf"^GF_E_PARSE: {scene}: line 3"):
        gf.Scene.from_file(scene)
    timeline = tmp_path / "timeline.json"
    timeline.write_text(json.dumps({"timeline": {"sequence": [{"anim": "nope", "layers": ["a"], "duration": 1}]}}))
    with pytest.raises(gf.NotFoundError, match=rf"^GF_E_NOT_FOUND: {timeline}: "):
        gf.Timeline.from_json(str(timeline))
    # The same document as text names no file.
    with pytest.raises(gf.NotFoundError) as as_text:
        gf.Timeline.from_json(timeline.read_text())
    assert str(timeline) not in as_text.value.message


def test_dicts_are_checked_before_they_are_encoded() -> None:
    with pytest.raises(gf.InvalidArgumentError, match="NaN"):
        gf.Scene.from_json({"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "opacity": float("nan")}]})
    with pytest.raises(TypeError):
        gf.Scene.from_json({"format": "ghostframe-scene", "version": 1, "layers": [{"id": {1, 2}}]})
    deep: Any = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(gf.LimitError):
        gf.Scene.from_json({"format": "ghostframe-scene", "version": 1, "layers": deep})


def test_wrong_types_name_the_argument() -> None:
    for load, name in ((gf.Scene.from_json, "source"), (gf.Timeline.from_json, "source"), (gf.skeleton, "tree")):
        with pytest.raises(gf.ArgumentTypeError, match=rf"^GF_E_INVALID_ARGUMENT: {name} must be a dict, JSON text"):
            load(42)  # type: ignore[arg-type]
