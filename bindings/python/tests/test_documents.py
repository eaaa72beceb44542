"""``ghostframe._documents``: a view tree, a scene or a timeline recognised by its content
(``load_document``), turned into a scene to draw (``Document.to_scene``), and the packaged
examples found by name (``find_examples``). The command line's ``preview`` reads its document
with it; test_preview_cli.py checks the command."""

from __future__ import annotations

import json
import os
import pathlib

import pytest

import ghostframe as gf
from ghostframe._documents import DOCUMENTS_TAKEN, EXAMPLE_FOLDERS, find_examples, load_document, stage_path

SCENE = {"format": "ghostframe-scene", "version": 1,
         "layers": [{"id": "box", "frame": [0, 0, 40, 20], "backgroundColor": "#3F51B5"}],
         "animations": [{"layer": "box", "type": "basic", "keyPath": "opacity", "from": 1, "to": 0,
                         "timing": {"duration": 1, "fill": "forwards"}}]}
STAGE = {"format": "ghostframe-scene", "version": 1,
         "layers": [{"id": "box", "frame": [0, 0, 40, 20], "backgroundColor": "#3F51B5"}]}
TIMELINE = {"definitions": {"fade": {"curve": "linear", "changes": {"opacity": -1}}},
            "timeline": {"sequence": [{"anim": "fade", "layers": ["box"], "duration": 1}]}}
TREE = {"viewport": [120, 100], "style": {"animation": "shimmer"},
        "root": {"frame": [0, 0, 120, 100], "children": [{"id": "t", "type": "label", "frame": [10, 10, 60, 20]}]}}


def rows(scene: gf.Scene, t: float) -> object:
    """The sampled states at ``t``, comparable with ``==``: the structured array's bytes with
    numpy, else the LayerState tuples."""
    states = scene.sample(t)
    return states.tobytes() if hasattr(states, "tobytes") else [tuple(s) for s in states]


@pytest.fixture(scope="module")
def examples() -> str:
    """The examples folder the command line finds: the checkout's, or the installed package's."""
    from ghostframe.__main__ import _examples, _repository

    folder = _examples(_repository())
    if folder is None:
        pytest.skip("no examples folder (neither a checkout nor an installed package)")
    return folder


# ---------------------------------------------------------------------------------------
# Recognised by content
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("as_", ["dict", "text", "bytes", "path", "pathlike"])
@pytest.mark.parametrize("document, kind", [(TREE, "tree"), (SCENE, "scene"), (TIMELINE, "timeline")])
def test_each_kind_from_each_source(tmp_path, document, kind, as_):
    text = json.dumps(document)
    path = tmp_path / "doc.json"
    path.write_text(text)
    (tmp_path / "stages").mkdir()
    (tmp_path / "stages" / "doc.json").write_text(json.dumps(STAGE))
    source = {"dict": document, "text": "  \n" + text, "bytes": text.encode(), "path": str(path),
              "pathlike": path}[as_]
    stage = STAGE if kind == "timeline" and as_ in ("dict", "text", "bytes") else None
    with load_document(source, stage=stage) as doc:
        assert doc.kind == kind
        assert isinstance(doc.value, {"tree": gf.ViewTree, "scene": gf.Scene, "timeline": gf.Timeline}[kind])
        assert doc.path == (str(path) if as_ in ("path", "pathlike") else None)
        assert (doc.stage is not None) == (kind == "timeline")


def test_the_scene_is_the_scene_readers(tmp_path):
    # The scene the issue saw refused as a tree ("unknown key 'format'") is a scene.
    with load_document(json.dumps(SCENE)) as doc:
        assert doc.kind == "scene"
        direct = gf.Scene.from_json(json.dumps(SCENE))
        for t in (0.0, 0.25, 0.5, 1.0, 2.0):
            assert rows(doc.to_scene(), t) == rows(direct, t)


def test_a_tree_becomes_its_skeleton():
    with load_document(TREE) as doc:
        for end_at in (None, 0.5):
            scene = doc.to_scene(end_at=end_at)
            direct = gf.skeleton(TREE, end_at=end_at)
            assert len(scene) == len(direct) > 1
            for t in (0.0, 0.3, 0.6, 1.0):
                assert rows(scene, t) == rows(direct, t)


def test_a_timeline_plays_on_its_stage(tmp_path):
    """The timeline applied to a copy of the stage: the same states as applying it by hand, and
    the closed form of its one linear fade (opacity 1 - t over 1 s)."""
    with load_document(TIMELINE, stage=STAGE) as doc:
        scene = doc.to_scene()
        by_hand = gf.Scene.from_json(json.dumps(STAGE))
        gf.Timeline.from_json(TIMELINE).apply(by_hand)
        box = scene.layer("box")
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):
            assert rows(scene, t) == rows(by_hand, t)
            state = scene.sample(t)[box]
            opacity = state["opacity"] if hasattr(state, "dtype") else state.opacity
            assert abs(float(opacity) - (1 - t)) < 1e-12
        assert rows(doc.stage, 0.5) == rows(gf.Scene.from_json(json.dumps(STAGE)), 0.5)  # the stage unchanged


def test_to_scene_gives_a_new_scene_each_time():
    with load_document(SCENE) as doc:
        first = doc.to_scene()
        first.add_layer("extra", frame=(0, 0, 1, 1))
        assert len(first) == 2 and len(doc.to_scene()) == 1 and len(doc.value) == 1


@pytest.mark.parametrize("source, found", [
    ({"a": 1}, "an object without those keys"),
    (b"[1, 2]", "a JSON array"),
    (b'"root"', "a JSON string"),
    (b"3", "a JSON number"),
])
def test_not_a_document_says_which_it_takes_in_one_line(source, found):
    with pytest.raises(gf.InvalidArgumentError) as caught:
        load_document(source)
    message = caught.value.message
    assert "\n" not in message and found in message and DOCUMENTS_TAKEN in message
    assert '"root"' in message and '"ghostframe-scene"' in message and '"timeline"' in message


def test_malformed_json_is_the_librarys_parse_error():
    with pytest.raises(gf.ParseError, match=r"line 1, column 20"):
        load_document('{"viewport": [1,2],}')
    with pytest.raises(gf.InvalidUTF8Error):
        load_document(b'{"root": "\xff"}')


@pytest.mark.parametrize("document, where", [
    ({**TREE, "root": {**TREE["root"], "fram": [0, 0, 1, 1]}}, "root.fram: unknown key 'fram'"),
    ({**SCENE, "format": "lottie"}, "format: "),
    ({"timeline": {"sequence": [{"anim": "nope", "layers": ["box"], "duration": 1}]}}, "nope"),
])
def test_a_refusal_is_the_librarys_for_that_kind(document, where):
    with pytest.raises(gf.GhostframeError) as caught:
        load_document(document, stage=STAGE if "timeline" in document else None)
    assert where in caught.value.message


# ---------------------------------------------------------------------------------------
# Stages
# ---------------------------------------------------------------------------------------


def test_the_default_stage_is_stages_name_beside_it(tmp_path):
    path = tmp_path / "fade.json"
    path.write_text(json.dumps(TIMELINE))
    assert stage_path(str(path)) == str(tmp_path / "stages" / "fade.json")
    with pytest.raises(gf.InvalidArgumentError, match="stage") as caught:
        load_document(path)
    assert str(tmp_path / "stages" / "fade.json") in caught.value.message and "--stage" in caught.value.message
    (tmp_path / "stages").mkdir()
    (tmp_path / "stages" / "fade.json").write_text(json.dumps(STAGE))
    with load_document(path) as doc:
        assert doc.kind == "timeline" and len(doc.stage) == 1


def test_a_timeline_from_text_needs_a_stage():
    with pytest.raises(gf.InvalidArgumentError, match="give one"):
        load_document(TIMELINE)


def test_a_stage_scene_object_is_copied():
    stage = gf.Scene.from_json(json.dumps(STAGE))
    with load_document(TIMELINE, stage=stage) as doc:
        doc.to_scene()
    assert not stage.closed and len(stage) == 1 and rows(stage, 0.5) == rows(gf.Scene.from_json(json.dumps(STAGE)), 0.5)


def test_bad_stages(tmp_path):
    tree = tmp_path / "tree.json"
    tree.write_text(json.dumps(TREE))
    with pytest.raises(gf.InvalidArgumentError) as caught:
        load_document(TIMELINE, stage=tree)
    assert caught.value.message == f"stage {tree}: the stage must be a scene, not a view tree"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**STAGE, "layers": [{"id": "box", "frame": [0, 0, "wide", 1]}]}))
    with pytest.raises(gf.GhostframeError) as caught:
        load_document(TIMELINE, stage=bad)
    assert caught.value.message.startswith(f"stage {bad}: layers[0].frame[2]")
    empty = {**STAGE, "layers": []}
    with load_document(TIMELINE, stage=empty) as doc:  # the layer is missing: found when applied
        with pytest.raises(gf.NotFoundError, match="'box'"):
            doc.to_scene()
    with pytest.raises(gf.InvalidArgumentError, match="a stage is for a timeline"):
        load_document(SCENE, stage=STAGE)


def test_end_at_is_for_trees():
    with load_document(SCENE) as doc:
        with pytest.raises(gf.InvalidArgumentError, match="end_at"):
            doc.to_scene(end_at=1)


def test_files_and_types(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_document(tmp_path / "missing.json")
    with pytest.raises(IsADirectoryError):
        load_document(tmp_path)
    with pytest.raises(gf.ArgumentTypeError):
        load_document(3.5)


def test_close_releases_the_value_and_the_stage():
    with load_document(TIMELINE, stage=STAGE) as doc:
        pass
    assert doc.value.closed and doc.stage.closed
    doc.close()  # again: nothing


# ---------------------------------------------------------------------------------------
# The packaged examples
# ---------------------------------------------------------------------------------------


def test_every_example_by_name_is_of_its_folders_kind(examples):
    """Names are unique across trees, scenes and timelines (so a name means one file), and each
    example is recognised as the kind its folder holds."""
    found = find_examples(examples)
    files = [name for folder in EXAMPLE_FOLDERS for name in os.listdir(os.path.join(examples, folder))
             if name.endswith(".json")]
    assert len(found) == len(files) and {"feed", "chain", "staggers"} <= set(found)
    kinds = {"trees": "tree", "scenes": "scene", "timelines": "timeline"}
    for name, (folder, path) in found.items():
        assert pathlib.Path(path).parent.name == folder and pathlib.Path(path).stem == name
        with load_document(path) as doc:
            assert doc.kind == kinds[folder], name
            assert len(doc.to_scene()) > 0


def test_find_examples_of_nothing():
    assert find_examples(None) == {}


def test_the_module_docstring_example_runs():
    import doctest

    import ghostframe._documents as module

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 2 and result.failed == 0
