"""Issue 30: reprs that say what an object is, in one style - objects holding a library handle print
as ``<Kind what it holds>`` (``<closed Kind>`` once closed), values as their constructor
(``Curve('ease')``, ``LayerInfo(...)``), a sampled row as its ``LayerState`` whether it is a numpy
row or a named tuple - and Jupyter's display of a scene, a skeleton or a view tree (``_repr_png_``,
the frame at t = 0)."""

from __future__ import annotations

import io
import pickle

import pytest

import ghostframe as gf
from _support import numpy_available
from ghostframe.errors import GF_E_NOT_FOUND

FEED = [(-60, 300, 150, 125), (105, 300, 150, 125)]
TREE = {"viewport": [200, 100], "style": {"animation": "shimmer"},
        "root": {"frame": [0, 0, 200, 100], "children": [{"id": "t", "type": "label", "frame": [8, 8, 150, 40]}]}}


def test_handles_say_what_they_hold() -> None:
    scene = gf.skeleton(TREE)
    cases = [
        (scene, "<Scene with 3 layers>"),
        (gf.Timeline.from_json({"definitions": {"f": {"changes": {"opacity": 1}}},
                                "timeline": {"sequence": [{"anim": "f", "layers": ["a", "b"], "duration": 1.5}]}}),
         "<Timeline of 2 entries over 1.5 s>"),
        (gf.PreloadOverlay(375, 667), "<PreloadOverlay 375 x 667, not dismissed>"),
        (gf.ExpandTransition(window=(375, 667), images=FEED, tapped=1),
         "<ExpandTransition: image 1 of 2 tapped, 4 parts, 0.35 s after a 0.1 s delay>"),
        (gf.Scrub(scene, input_range=(0, 100), time_range=(0, 1)), "<Scrub of a 3-layer scene: input 0 ... 100 to time 0 ... 1>"),
        (gf.PullToRefresh(trigger_distance=80, maximum_pull=140), "<PullToRefresh: triggers at a pull of 80, drawn up to 140>"),
        (gf.ViewTree.from_json(TREE), "<ViewTree read from JSON>"),
    ]
    for obj, expected in cases:
        assert repr(obj) == expected
        obj.close()
        assert repr(obj) == f"<closed {type(obj).__name__}>"


def test_a_dismissed_overlay_says_when_it_goes() -> None:
    overlay = gf.PreloadOverlay(100, 50)
    overlay.dismiss(2.0)
    assert repr(overlay) == "<PreloadOverlay 100 x 50, removed at 2.375 s>"


def test_view_trees_count_what_was_built(tmp_path) -> None:
    tree = gf.ViewTree((375, 667))
    assert repr(tree) == "<ViewTree 375 x 667 with no root yet>"
    root = tree.set_root(frame=(0, 0, 375, 667))
    tree.add_node(root, kind="label", frame=(16, 16, 100, 20))
    tree.add_cell("row", (375, 60))
    assert repr(tree) == "<ViewTree 375 x 667 with 2 nodes and 1 cell template>"
    path = tmp_path / "card.json"
    path.write_text(__import__("json").dumps(TREE))
    loaded = gf.ViewTree.from_file(path)
    assert repr(loaded) == "<ViewTree read from card.json>"
    loaded.add_cell("extra", (10, 10))
    assert repr(loaded) == "<ViewTree read from card.json, then 1 cell template added>"


def test_values_print_as_their_constructor() -> None:
    scene = gf.skeleton(TREE)
    assert repr(gf.Curve("ease")) == "Curve('ease')"
    assert repr(scene.layer_info(2)) == "LayerInfo(id='bone:0', view_id='t', kind='label', line=None)"
    row = scene.sample_list(0.5)[2]
    assert repr(row).startswith("LayerState(index=2, parent=1, flags=2, gradient_stop_count=3, x=8.0, y=8.0,")


@pytest.mark.skipif(not numpy_available(), reason="numpy rows")
def test_a_numpy_row_prints_as_its_layer_state(np) -> None:
    scene = gf.skeleton(TREE)
    states = scene.sample(0.5)
    rows = scene.sample_list(0.5)
    for i in range(len(scene)):
        assert repr(states[i]) == repr(rows[i]) == str(states[i])
        assert tuple(states[i].tolist()[:14]) == tuple(rows[i])[:14]  # the same values, field by field
    # Still numpy's structured row and dtype: a plain dtype of the same fields is equal, so such
    # an array is a valid out=; arrays pickle.
    plain = np.dtype([(name, states.dtype.fields[name][0]) for name in states.dtype.names])
    assert plain == gf.LAYER_STATE_DTYPE and isinstance(states[0], np.void)
    mine = np.zeros(len(scene), dtype=plain)
    assert scene.sample(0.5, out=mine) is mine and mine.tobytes() == states.tobytes()
    again = pickle.loads(pickle.dumps(states))
    assert again.tobytes() == states.tobytes() and repr(again[2]) == repr(rows[2])


def _preview_available() -> bool:
    try:
        import PIL  # noqa: F401
        import skia  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not _preview_available(), reason="skia-python and Pillow draw the preview")
def test_jupyter_shows_the_frame_at_zero() -> None:
    from PIL import Image, ImageChops

    from ghostframe.preview import Renderer

    scene = gf.skeleton(TREE)
    png = scene._repr_png_()
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")
    shown = Image.open(io.BytesIO(png)).convert("RGB")
    renderer = Renderer(scene)
    assert shown.size == renderer.size == (200, 100)
    assert ImageChops.difference(shown, renderer.render(0.0)).getbbox() is None  # exactly t = 0
    assert ImageChops.difference(shown, renderer.render(0.75)).getbbox() is not None  # the shimmer moved
    tree_png = gf.ViewTree.from_json(TREE)._repr_png_()
    assert tree_png is not None
    assert ImageChops.difference(Image.open(io.BytesIO(tree_png)).convert("RGB"), shown).getbbox() is None


@pytest.mark.skipif(not _preview_available(), reason="skia-python and Pillow draw the preview")
def test_large_scenes_are_shown_at_most_1024_pixels_wide() -> None:
    from PIL import Image

    wide = gf.Scene()
    wide.add_layer("strip", frame=(0, 0, 4096, 100), background_color="gold")
    image = Image.open(io.BytesIO(wide._repr_png_() or b""))
    assert image.size == (1024, 25)


def test_nothing_to_show_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    assert gf.Scene()._repr_png_() is None  # no layers
    flat = gf.Scene()
    flat.add_layer("line", frame=(0, 0, 100, 0))
    assert flat._repr_png_() is None  # no area
    closed = gf.skeleton(TREE)
    closed.close()
    assert closed._repr_png_() is None
    import ghostframe.preview as preview

    def missing() -> None:
        raise gf.MissingDependencyError(GF_E_NOT_FOUND, "ghostframe.preview draws with skia-python")

    monkeypatch.setattr(preview, "check_dependencies", missing)
    assert gf.skeleton(TREE)._repr_png_() is None  # without skia-python or Pillow: the repr shows
