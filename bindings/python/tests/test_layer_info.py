"""Issue 30: identity both ways. ``scene.layer_info(i)`` (``gf_scene_layer_info``) names the view a
skeleton bone's layer stands for; ``scene.layer(id)`` still goes from an id to the index."""

from __future__ import annotations

import copy
import pickle

import pytest

import ghostframe as gf

TREE = {
    "viewport": [375, 300],
    "root": {"frame": [0, 0, 375, 300], "children": [
        {"id": "avatar", "type": "image", "frame": [16, 16, 48, 48]},
        {"id": "bio", "type": "label", "frame": [76, 16, 200, 40], "lines": 2},
        {"type": "button", "frame": [16, 80, 80, 30]},
        {"id": "name", "type": "textField", "frame": [16, 120, 200, 30]},
    ]},
}


def _views() -> dict:
    return {child.get("id"): child for child in TREE["root"]["children"]}


def test_every_layer_says_who_it_is() -> None:
    scene = gf.skeleton(TREE)
    infos = [scene.layer_info(i) for i in range(len(scene))]
    assert infos == [
        gf.LayerInfo("skeleton", None, None, None),
        gf.LayerInfo("container:root", None, None, None),
        gf.LayerInfo("bone:0", "avatar", "image", None),
        gf.LayerInfo("bone:1:line:0", "bio", "label", 0),
        gf.LayerInfo("bone:1:line:1", "bio", "label", 1),
        gf.LayerInfo("bone:2", None, "button", None),
        gf.LayerInfo("bone:3", "name", "textField", None),
    ]
    assert [info.is_bone for info in infos] == [False, False, True, True, True, True, True]


def test_a_bone_lies_on_the_view_it_names() -> None:
    """Against the tree itself: each bone's sampled origin is its view's frame origin (bars keep
    x and y; only heights change)."""
    scene = gf.skeleton(TREE)
    states = scene.sample_list(0)
    views = _views()
    checked = 0
    for index, state in enumerate(states):
        info = scene.layer_info(index)
        if info.view_id is None or info.line not in (None, 0):
            continue
        frame = views[info.view_id]["frame"]
        assert (state.x, state.y) == (frame[0], frame[1]), info
        assert info.kind == views[info.view_id]["type"]
        checked += 1
    assert checked == 3


def test_both_ways_round() -> None:
    scene = gf.skeleton(TREE)
    for index in range(len(scene)):
        info = scene.layer_info(index)
        assert scene.layer(info.id) == index
        assert scene.layer_info(info.id) == info


def test_kept_through_copies_and_updates() -> None:
    scene = gf.skeleton(TREE)
    expected = [scene.layer_info(i) for i in range(len(scene))]
    assert [copy.copy(scene).layer_info(i) for i in range(len(scene))] == expected  # through the JSON
    assert [pickle.loads(pickle.dumps(scene)).layer_info(i) for i in range(len(scene))] == expected
    scene.update_layer("bone:0", parent="container:root", frame=(0, 0, 10, 10))
    assert scene.layer_info("bone:0") == gf.LayerInfo("bone:0", "avatar", "image", None)


def test_host_layers_stand_for_no_view() -> None:
    scene = gf.Scene()
    scene.add_layer("card")
    assert scene.layer_info(0) == gf.LayerInfo("card", None, None, None)
    assert repr(scene.layer_info(0)) == "LayerInfo(id='card', view_id=None, kind=None, line=None)"


def test_bad_arguments() -> None:
    scene = gf.skeleton(TREE)
    with pytest.raises(gf.NotFoundError, match="no layer at index 7"):
        scene.layer_info(7)
    with pytest.raises(gf.NotFoundError):
        scene.layer_info("bone:9")
    with pytest.raises(gf.InvalidArgumentError):
        scene.layer_info(-1)
    with pytest.raises(gf.ArgumentTypeError):
        scene.layer_info(1.0)  # type: ignore[arg-type]
    with pytest.raises(gf.ArgumentTypeError):
        scene.layer_info(True)  # type: ignore[arg-type]
    scene.close()
    with pytest.raises(ValueError, match="closed"):
        scene.layer_info(0)
