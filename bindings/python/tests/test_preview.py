"""The renderer (ghostframe.preview): exact pixels for hand-made scenes, both backends.

Every test taking ``numpy_mode`` runs twice: with numpy (the vectorised backend) and with numpy
hidden (Pillow alone). Expected values are computed by hand: an opaque pixel away from edges is
its layer's colour; a blend is ``floor(v * 255 + 0.5)`` of the exact mix (the Pillow backend
blends through 8-bit masks, so a 0.5 blend may land one below).
"""

from __future__ import annotations

import glob
import json
import math
import os

import pytest

import ghostframe as gf
from _support import find_repository

PIL = pytest.importorskip("PIL")
from PIL import Image  # noqa: E402

from ghostframe import preview  # noqa: E402
from ghostframe.preview import Renderer  # noqa: E402

WHITE = (255, 255, 255)


def _scene(*layers):
    scene = gf.Scene()
    for layer_id, options in layers:
        scene.add_layer(layer_id, **options)
    return scene


def _render(scene, t=0.0, **options):
    options.setdefault("size", (40, 40))
    return Renderer(scene, **options).render(t)


def _near(actual, expected, tolerance):
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


def test_backend_follows_numpy(numpy_mode):
    renderer = Renderer(_scene(("a", {"frame": (0, 0, 10, 10)})), size=(10, 10))
    assert renderer.uses_numpy == (numpy_mode is not None)


def test_opaque_square(numpy_mode):
    image = _render(_scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#FF0000"})))
    assert image.mode == "RGB" and image.size == (40, 40)
    for x, y in [(10, 10), (11, 11), (20, 20), (29, 29), (10, 29), (29, 10)]:
        assert image.getpixel((x, y)) == (255, 0, 0), (x, y)
    for x, y in [(0, 0), (9, 20), (30, 20), (20, 9), (20, 30), (39, 39)]:
        assert image.getpixel((x, y)) == WHITE, (x, y)


def test_half_pixel_edges_are_antialiased(numpy_mode):
    image = _render(_scene(("box", {"frame": (10.5, 10, 10, 10), "background_color": "#000000"})))
    assert image.getpixel((10, 15)) == (128, 128, 128)  # half covered: 2 of 4 subsamples
    assert image.getpixel((12, 15)) == (0, 0, 0)


def test_opacity_half_blends_exactly(numpy_mode):
    image = _render(_scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#FF0000", "opacity": 0.5})))
    red, green, blue = image.getpixel((20, 20))
    assert red == 255
    if numpy_mode is not None:
        assert (green, blue) == (128, 128)  # 255 * 0.5 = 127.5 -> 128
    else:
        assert green == blue and green in (127, 128)


def test_opacity_blends_exactly_both_backends(numpy_mode):
    # 0.6 black over white: 255 * 0.4 = 102 exactly (and 153/255 = 0.6 exactly in 8 bits)
    image = _render(_scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#000000", "opacity": 0.6})))
    assert image.getpixel((20, 20)) == (102, 102, 102)
    # colour alpha and opacity multiply: 0.5 * 0.5 of blue over white
    image = _render(_scene(("box", {"frame": (10, 10, 20, 20), "background_color": (0, 0, 1, 0.5),
                                    "opacity": 0.5})))
    assert _near(image.getpixel((20, 20)), (191, 191, 255), 1)  # 255 * 0.75 = 191.25


def test_layers_composite_in_order(numpy_mode):
    scene = _scene(
        ("under", {"frame": (0, 0, 40, 40), "background_color": "#0000FF"}),
        ("over", {"frame": (10, 10, 20, 20), "background_color": "#FF0000", "opacity": 0.6}),
    )
    image = _render(scene)
    assert image.getpixel((2, 2)) == (0, 0, 255)
    assert image.getpixel((20, 20)) == (153, 0, 102)  # 0.6 red + 0.4 blue


def test_z_position_orders_siblings(numpy_mode):
    scene = _scene(
        ("a", {"frame": (0, 0, 40, 40), "background_color": "#FF0000", "z_position": 1}),
        ("b", {"frame": (0, 0, 40, 40), "background_color": "#00FF00"}),
    )
    assert _render(scene).getpixel((20, 20)) == (255, 0, 0)


def test_rounded_corner_leaves_the_corner_background(numpy_mode):
    scene = _scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#FF0000", "corner_radius": 6}))
    image = _render(scene)
    assert image.getpixel((10, 10)) == WHITE  # the corner pixel
    assert image.getpixel((29, 29)) == WHITE
    assert image.getpixel((11, 11)) == WHITE  # still outside the 6-point arc
    assert image.getpixel((20, 10)) == (255, 0, 0)  # the middle of the top edge
    assert image.getpixel((10, 20)) == (255, 0, 0)
    assert image.getpixel((15, 15)) == (255, 0, 0)
    circle = _render(_scene(("dot", {"frame": (10, 10, 20, 20), "background_color": "#000000",
                                     "corner_radius": 100})))  # clamped to 10: a circle
    assert circle.getpixel((12, 12)) == WHITE and circle.getpixel((20, 20)) == (0, 0, 0)
    assert circle.getpixel((13, 13)) == (0, 0, 0)  # (13.5, 13.5) is 9.2 from the centre
    greys = [c for _, c in circle.getcolors() if c not in (WHITE, (0, 0, 0))]
    assert greys  # anti-aliased edge pixels


def _gradient_scene(start, end, frame=(0, 0, 100, 10)):
    return _scene(("g", {
        "frame": frame,
        "gradient": {"colors": ["#FF0000", "#00FF00", "#0000FF"], "locations": [0, 0.5, 1],
                     "start_point": start, "end_point": end},
    }))


def _expected_gradient(t):
    stops = [(0.0, (1.0, 0.0, 0.0)), (0.5, (0.0, 1.0, 0.0)), (1.0, (0.0, 0.0, 1.0))]
    t = min(max(t, 0.0), 1.0)
    for (l0, c0), (l1, c1) in zip(stops, stops[1:]):
        if t <= l1:
            f = (t - l0) / (l1 - l0)
            return tuple(math.floor((a + (b - a) * f) * 255 + 0.5) for a, b in zip(c0, c1))
    return (0, 0, 255)


def test_horizontal_gradient_matches_the_stops(numpy_mode):
    image = _render(_gradient_scene((0, 0.5), (1, 0.5)), size=(100, 10))
    for x in (0, 1, 25, 49, 50, 75, 98, 99):
        # the pixel's centre is at x + 0.5: t = (x + 0.5) / 100 (linear, so supersampling averages to it)
        assert _near(image.getpixel((x, 5)), _expected_gradient((x + 0.5) / 100), 1), x
    assert _near(image.getpixel((0, 5)), (255, 0, 0), 3)
    assert _near(image.getpixel((50, 5)), (0, 255, 0), 3)
    assert _near(image.getpixel((99, 5)), (0, 0, 255), 3)
    assert image.getpixel((50, 0)) == image.getpixel((50, 9))  # constant down a column


def test_gradient_ends_are_extended(numpy_mode):
    # the axis covers only the middle fifth: left of it red, right of it blue
    image = _render(_gradient_scene((0.4, 0.5), (0.6, 0.5)), size=(100, 10))
    assert image.getpixel((10, 5)) == (255, 0, 0)
    assert image.getpixel((90, 5)) == (0, 0, 255)
    assert _near(image.getpixel((50, 5)), _expected_gradient(0.525), 1)


def test_vertical_gradient(numpy_mode):
    image = _render(_gradient_scene((0.5, 0), (0.5, 1), frame=(0, 0, 10, 100)), size=(10, 100))
    for y in (0, 30, 50, 99):
        assert _near(image.getpixel((5, y)), _expected_gradient((y + 0.5) / 100), 1), y


def test_gradient_over_the_layer_colour(numpy_mode):
    scene = _scene(("g", {"frame": (0, 0, 40, 40), "background_color": "#0000FF",
                          "gradient": {"colors": [(1, 0, 0, 0.5), (1, 0, 0, 0.5)]}}))
    assert _near(_render(scene).getpixel((20, 20)), (128, 0, 128), 1)  # half red over blue


def test_hidden_layers_draw_nothing(numpy_mode):
    scene = _scene(
        ("hidden", {"frame": (0, 0, 40, 40), "background_color": "#FF0000", "hidden": True}),
        ("child", {"parent": "hidden", "frame": (5, 5, 10, 10), "background_color": "#00FF00"}),
        ("clear", {"frame": (0, 0, 40, 40)}),
        ("transparent", {"frame": (0, 0, 40, 40), "background_color": "#FF000000"}),
        ("faded", {"frame": (0, 0, 40, 40), "background_color": "#FF0000", "opacity": 0}),
    )
    image = _render(scene)
    assert image.getcolors() == [(1600, WHITE)]


def test_rotated_layer_is_a_polygon(numpy_mode):
    scene = _scene(("diamond", {"frame": (10, 10, 20, 20), "background_color": "#000000",
                                "rotation": math.pi / 4, "corner_radius": 4}))
    image = _render(scene)
    assert image.getpixel((20, 20)) == (0, 0, 0)
    assert image.getpixel((20, 7)) == (0, 0, 0)  # a tip reaches 20 - 14.1 = 5.9 above the centre
    assert image.getpixel((11, 11)) == WHITE  # the square's corner, rotated away
    assert image.getpixel((20, 3)) == WHITE


def test_scale_and_supersample(numpy_mode):
    scene = _scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#FF0000"}))
    image = Renderer(scene, size=(40, 40), scale=2).render(0)
    assert image.size == (80, 80)
    assert image.getpixel((20, 20)) == (255, 0, 0) and image.getpixel((19, 19)) == WHITE
    sharp = Renderer(scene, size=(40, 40), supersample=1).render(0)
    assert sharp.getpixel((10, 10)) == (255, 0, 0) and sharp.getpixel((9, 9)) == WHITE
    assert Renderer(scene).size == (30, 30)  # default size: the root layers' extent


def test_background_option(numpy_mode):
    image = _render(_scene(("box", {"frame": (10, 10, 5, 5), "background_color": "#FF0000"})),
                    background=(0, 0, 0))
    assert image.getpixel((0, 0)) == (0, 0, 0)


def test_renderer_argument_errors():
    scene = _scene(("box", {"frame": (0, 0, 10, 10)}))
    with pytest.raises(TypeError):
        Renderer("scene")
    for bad in (0, -1, float("nan"), "2"):
        with pytest.raises(ValueError):
            Renderer(scene, scale=bad)
    with pytest.raises(ValueError):
        Renderer(scene, supersample=0)
    with pytest.raises(ValueError):
        Renderer(scene, size=(0, 10))
    with pytest.raises(ValueError):
        Renderer(scene, background=(0, 0, 300))
    with pytest.raises(ValueError, match="no area"):
        Renderer(gf.Scene())


def test_frames_are_a_pure_function_of_time(numpy_mode):
    scene = gf.skeleton(_tree("shimmer"))
    renderer = Renderer(scene)
    a = renderer.render(0.7)
    renderer.render(0.1)
    assert renderer.render(0.7).tobytes() == a.tobytes()
    assert renderer.render(0.1).tobytes() != a.tobytes()


# -- skeleton scenes ------------------------------------------------------------------------


def _tree(animation="none", **extra):
    tree = {
        "viewport": [120, 100],
        "style": {"animation": animation, "backgroundColor": "#FF0000", "color": "#0000FF"},
        "root": {
            "frame": [0, 0, 120, 100],
            "children": [
                {"id": "title", "type": "label", "frame": [10, 10, 60, 20]},
                {"id": "kept", "type": "button", "frame": [80, 10, 30, 30], "skeleton": "keep"},
                {"id": "plain", "frame": [10, 60, 40, 30], "skeleton": "skip"},
            ],
        },
    }
    tree.update(extra)
    return tree


def test_skeleton_scene_pixels(numpy_mode):
    image = Renderer(gf.skeleton(_tree())).render(0)
    assert image.size == (120, 100)
    assert image.getpixel((40, 15)) == (0, 0, 255)  # the bar (10, 10, 60, 15)
    assert image.getpixel((40, 27)) == (255, 0, 0)  # below the bar: the root's background
    assert image.getpixel((95, 25)) == WHITE  # the kept button: a hole to the real view
    assert image.getpixel((5, 5)) == (255, 0, 0)


def test_layout_is_drawn_behind_the_bones(numpy_mode):
    tree = _tree()
    plain = Renderer(gf.skeleton(tree)).render(0)
    with_layout = Renderer(gf.skeleton(tree), layout=tree).render(0)
    assert with_layout.getpixel((40, 15)) == (0, 0, 255)  # bones stay on top
    # the skipped view's outline (x = 10) shows faintly over the red background
    outline = with_layout.getpixel((10, 75))
    assert outline != (255, 0, 0) and plain.getpixel((10, 75)) == (255, 0, 0)
    # the kept button's hole shows the real button (its grey title) instead of plain white
    assert plain.getpixel((95, 25)) == WHITE
    assert with_layout.getpixel((95, 25)) not in (WHITE, (255, 0, 0))


def test_end_at_reveals_the_real_layout(numpy_mode):
    image = Renderer(gf.skeleton(_tree(), end_at=0.5)).render(1.0)
    assert image.getcolors() == [(120 * 100, WHITE)]


def test_list_rows_are_clipped_to_the_list(numpy_mode):
    tree = {
        "viewport": [100, 100],
        "style": {"color": "#000000"},
        "root": {"frame": [0, 0, 100, 100], "children": [
            {"id": "list", "type": "table", "frame": [0, 20, 100, 50], "contentOffset": [0, 10],
             "sections": [{"cell": "row", "rowHeight": 30}]}]},
        "cells": {"row": {"size": [100, 30], "children": [{"type": "image", "frame": [0, 0, 100, 30]}]}},
    }
    image = Renderer(gf.skeleton(tree)).render(0)
    assert image.getpixel((50, 15)) == WHITE  # above the list: the first row's top is clipped
    assert image.getpixel((50, 25)) == (0, 0, 0)
    assert image.getpixel((50, 75)) == WHITE  # below the list


def _examples():
    repo = find_repository()
    return sorted(glob.glob(os.path.join(repo, "examples", "trees", "*.json"))) if repo else []


@pytest.mark.parametrize("path", _examples() or [None], ids=lambda p: os.path.basename(p) if p else "none")
def test_numpy_and_pillow_agree(path, np):
    if path is None:
        pytest.skip("examples/trees not found")
    tree = json.load(open(path, encoding="utf-8"))
    scene = gf.skeleton(tree, end_at=0.55)
    fast = Renderer(scene, layout=tree, use_numpy=True, scale=0.5)
    slow = Renderer(scene, layout=tree, use_numpy=False, scale=0.5)
    for t in (0.0, 0.35, 0.6):
        a = np.asarray(fast.render(t), dtype=int)
        b = np.asarray(slow.render(t), dtype=int)
        assert int(np.abs(a - b).max()) <= 2, t


def test_numpy_and_pillow_agree_on_hard_cases(np):
    scene = gf.Scene()
    scene.add_layer("bg", frame=(0, 0, 90, 90), background_color="#336699")
    scene.add_layer("round", frame=(5.3, 7.1, 40.2, 30.7), corner_radius=9.5, background_color=(1, 0.5, 0, 0.7))
    scene.add_layer("turned", frame=(40, 40, 30, 20), rotation=0.5, background_color="#00FF00", opacity=0.8,
                    gradient={"colors": ["#FF0000", "#0000FF"], "start_point": (0, 0), "end_point": (1, 1)})
    scene.add_layer("diagonal", frame=(10, 50, 30, 30), corner_radius=4, scale=(1.5, 0.7),
                    gradient={"colors": ["#FFFFFF", "#000000", "#FF00FF", "#00FFFF"], "locations": [0, 0.2, 0.7, 1],
                              "start_point": (0, 0), "end_point": (1, 1)})
    scene.add_layer("hole", frame=(60, 5, 20, 20))
    scene.set_custom("hole", "hole", 1)
    for scale in (1, 1.5):
        a = np.asarray(Renderer(scene, use_numpy=True, scale=scale).render(0), dtype=int)
        b = np.asarray(Renderer(scene, use_numpy=False, scale=scale).render(0), dtype=int)
        assert int(np.abs(a - b).max()) <= 2


# -- frames, cycles, files ------------------------------------------------------------------


def test_frame_times():
    assert preview.frame_times(1.0, 4) == [0.0, 0.25, 0.5, 0.75]
    assert preview.frame_times(0.01, 20) == [0.0]
    for bad in ((0, 20), (1, 0), (float("inf"), 20), (1, float("nan"))):
        with pytest.raises(ValueError):
            preview.frame_times(*bad)


def test_gif_durations_track_fps():
    assert preview._durations_ms(4, 20) == [50, 50, 50, 50]
    durations = preview._durations_ms(15, 15)
    assert sum(durations) == 1000 and set(durations) <= {60, 70}


def test_effect_cycle():
    assert preview.effect_cycle(gf.skeleton(_tree("shimmer"))) == 1.5
    assert preview.effect_cycle(gf.skeleton(_tree("breathe"))) == 2.0  # 1 s each way
    assert preview.effect_cycle(gf.skeleton(_tree("none"))) == 2.0  # nothing moves: the default
    assert preview.effect_cycle(gf.Scene(), default=3.0) == 3.0
    tree = _tree("shimmer")
    tree["style"]["shimmerDuration"] = 0.4
    tree["root"]["style"] = {"animation": "breathe", "breatheDuration": 0.3}
    assert preview.effect_cycle(gf.skeleton(tree)) in (0.6, 1.2)  # lcm of 0.4 and 0.6 or 0.6 alone


def test_save_gif_and_strip(tmp_path, numpy_mode):
    scene = gf.skeleton(_tree("breathe"))
    renderer = Renderer(scene, scale=0.5)
    frames = [renderer.render(t) for t in preview.frame_times(1.0, 10)]
    gif = tmp_path / "out.gif"
    preview.save_gif(frames, gif, 10)
    with Image.open(gif) as image:
        assert image.size == (60, 50)
        total, count = 0, 0
        for k in range(image.n_frames):
            image.seek(k)
            total += image.info["duration"]
            count += 1
            assert image.convert("RGB").tobytes() == frames[_frame_at(total - image.info["duration"], 10)].tobytes()
        assert total == 1000 and count <= 10
    strip = tmp_path / "out.png"
    preview.save_strip(frames[:3], strip)
    with Image.open(strip) as image:
        assert image.size == (180, 50) and image.format == "PNG"
    with pytest.raises(ValueError):
        preview.save_gif([], gif, 10)


def _frame_at(ms, fps):
    return int(round(ms * fps / 1000))


def test_preview_function(tmp_path, numpy_mode):
    result = preview.preview(_tree("shimmer"), tmp_path / "a.gif", fps=10)
    assert result.kind == "gif" and result.frames == 15 and result.size == (120, 100)
    assert result.duration == 1.5 and result.bytes == os.path.getsize(tmp_path / "a.gif")
    result = preview.preview(json.dumps(_tree("shimmer")), tmp_path / "a.png", strip=4, layout=True, scale=2)
    assert result.kind == "png" and result.frames == 4
    with Image.open(tmp_path / "a.png") as image:
        assert image.size == (4 * 240, 200)
    result = preview.preview(_tree(), tmp_path / "b.gif", end_at=0.3, fps=10)
    assert result.duration == pytest.approx(0.8) and result.frames == 8
    with pytest.raises(ValueError):
        preview.preview(_tree(), tmp_path / "c.png", strip=0)
    with pytest.raises(gf.GhostframeError):
        preview.preview({"viewport": [1, 1]}, tmp_path / "d.gif")


def test_layout_primitives():
    tree = _tree()
    tree["root"]["children"].append({
        "id": "grid", "type": "collection", "frame": [0, 0, 120, 100],
        "sections": [{"cell": "c", "itemSize": [50, 40], "spacing": 10, "insets": 5,
                      "header": {"cell": "c", "height": 10}}]})
    tree["cells"] = {"c": {"size": [50, 40], "children": [{"type": "label", "frame": [0, 0, 40, 10]}]}}
    layout = preview.Layout(tree)
    kinds = [kind for kind, *_ in layout.primitives]
    assert kinds.count("item") == 2 * 2  # 2 columns ((120 - 10 + 10) / 60), 2 rows fill 100 - 10 - 5
    assert kinds.count("supplement") == 1
    items = [rect for kind, rect, *_ in layout.primitives if kind == "item"]
    assert items[0] == (5.0, 15.0, 50.0, 40.0) and items[1] == (65.0, 15.0, 50.0, 40.0)
    assert items[2] == (5.0, 65.0, 50.0, 40.0)
    image = layout.draw((120, 100), 1.0)
    assert image.mode == "RGBA" and image.getbbox() is not None
    with pytest.raises(TypeError):
        preview.Layout("tree")


def test_docstring_examples():
    import doctest

    result = doctest.testmod(preview, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0 and result.attempted >= 3
