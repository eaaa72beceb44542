"""Layer contents: Scene.set_contents / Scene.contents (gf_scene_set_contents,
gf_scene_layer_contents), LayerState.has_contents, a bone's placeholder(name), and how the
previewer draws it (the named file aspect-fit, or a glyph)."""

from __future__ import annotations

import pytest

import ghostframe as gf

pytest.importorskip("PIL")
from PIL import Image  # noqa: E402

from ghostframe.preview import Renderer  # noqa: E402


def _scene() -> gf.Scene:
    scene = gf.Scene()
    scene.add_layer("root", frame=(0, 0, 100, 60), background_color="#FFFFFF")
    scene.add_layer("pic", parent="root", frame=(10, 10, 80, 40), background_color="#EEEEEE")
    return scene


def _flags(scene: gf.Scene) -> list:
    return [int(s[2]) for s in (scene.sample(0).tolist() if hasattr(scene.sample(0), "dtype") else scene.sample(0))]


def test_set_read_clear_and_flag() -> None:
    scene = _scene()
    assert scene.contents(1) is None
    scene.set_contents("pic", "people/ada.png")
    assert scene.contents(1) == "people/ada.png"
    assert scene.contents(0) is None
    assert _flags(scene) == [0, gf._native.GF_LAYER_HAS_CONTENTS]
    assert '"contents": "people/ada.png"' in scene.to_json()
    assert gf.Scene.from_json(scene.to_json()).contents(1) == "people/ada.png"
    scene.set_contents("pic", None)
    assert scene.contents(1) is None
    assert _flags(scene) == [0, 0]


def test_bad_input_leaves_the_scene() -> None:
    scene = _scene()
    scene.set_contents("pic", "kept")
    with pytest.raises(gf.InvalidArgumentError, match="contents must be a non-empty image name"):
        scene.set_contents("pic", "")
    with pytest.raises(gf.NotFoundError):
        scene.set_contents("nobody", "x")
    with pytest.raises(gf.NotFoundError):
        scene.contents(2)
    with pytest.raises(ValueError):
        scene.set_contents("pic", "a\0b")
    with pytest.raises(TypeError):
        scene.contents("1")  # type: ignore[arg-type]
    assert scene.contents(1) == "kept"


def test_placeholder_file_drawn_aspect_fit(tmp_path) -> None:
    # A 20 x 10 pure red image in a 40 x 40 bone: scaled to 40 x 20 and centred, rows 10..30.
    Image.new("RGB", (20, 10), (255, 0, 0)).save(tmp_path / "wide.png")
    tree = {"viewport": [60, 60], "adjust": ["animation(0).placeholder(wide.png)"],
            "root": {"frame": [0, 0, 60, 60], "children": [{"type": "image", "frame": [10, 10, 40, 40]}]}}
    scene = gf.skeleton(tree)
    image = Renderer(scene, images=tmp_path, supersample=1).render(0)
    assert image.getpixel((30, 30)) == (255, 0, 0)       # the middle of the picture
    assert image.getpixel((30, 12)) == (238, 238, 238)   # above it: the bone's fill (#EEEEEE)
    assert image.getpixel((30, 47)) == (238, 238, 238)   # below it
    # Without the file (or the directory) a glyph in the fill darkened by 25 %: 238 x 0.75 = 178.5 -> 179.
    glyph = Renderer(scene, supersample=1).render(0)
    colours = {glyph.getpixel((x, y)) for x in range(10, 50) for y in range(10, 50)}
    assert (179, 179, 179) in colours and (238, 238, 238) in colours
    assert (255, 0, 0) not in colours


def test_placeholder_outside_the_directory_is_not_read(tmp_path) -> None:
    inner = tmp_path / "images"
    inner.mkdir()
    Image.new("RGB", (4, 4), (0, 0, 255)).save(tmp_path / "secret.png")
    tree = {"viewport": [40, 40], "adjust": ['animation(0).placeholder("../secret.png")'],
            "root": {"frame": [0, 0, 40, 40], "children": [{"type": "image", "frame": [0, 0, 40, 40]}]}}
    image = Renderer(gf.skeleton(tree), images=inner, supersample=1).render(0)
    assert (0, 0, 255) not in {image.getpixel((x, y)) for x in range(40) for y in range(40)}
