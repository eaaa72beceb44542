"""The renderer (ghostframe.preview, drawing through ghostframe.render with Skia): exact pixels
for hand-made scenes.

Every test taking ``numpy_mode`` runs twice: with numpy and with numpy hidden (the renderer needs
neither; the scene's samples come as a structured array or as tuples). Expected values are
computed by hand: an opaque pixel away from edges is its layer's colour; a blend is
``floor(v * 255 + 0.5)`` of the exact mix, to within 1 (Skia blends 8-bit premultiplied colours,
so a 0.5 blend may land one below). Edge pixels get Skia's exact coverage; where a test checks
one, its tolerance says why. test_preview_reference.py compares whole frames with the
rasterizer this renderer replaced.
"""

from __future__ import annotations

import json
import math
import os
import sys

import pytest

import ghostframe as gf

PIL = pytest.importorskip("PIL")
pytest.importorskip("skia")
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


def test_frames_do_not_depend_on_numpy(monkeypatch):
    from PIL import ImageChops

    scene = gf.skeleton(_tree("shimmer"))
    with_numpy = Renderer(scene).render(0.4)
    monkeypatch.setitem(sys.modules, "numpy", None)  # samples now come as tuples
    renderer = Renderer(scene)
    assert not renderer._painter.native_gradients  # the shimmer is drawn by the SkSL gradient
    without = renderer.render(0.4)
    # The same to within 1 per channel: Skia's gradient interpolates 8-bit stop colours, the SkSL one floats.
    assert max(high for _, high in ImageChops.difference(with_numpy, without).getextrema()) <= 1
    assert with_numpy.getcolors() != [(120 * 100, WHITE)]  # something was drawn


def test_use_numpy_is_accepted_and_ignored():
    scene = _scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#FF0000"}))
    with pytest.warns(DeprecationWarning, match="use_numpy"):
        image = Renderer(scene, size=(40, 40), use_numpy=True).render(0)
    assert image.tobytes() == _render(scene).tobytes()


def test_opaque_square(numpy_mode):
    image = _render(_scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#FF0000"})))
    assert image.mode == "RGB" and image.size == (40, 40)
    for x, y in [(10, 10), (11, 11), (20, 20), (29, 29), (10, 29), (29, 10)]:
        assert image.getpixel((x, y)) == (255, 0, 0), (x, y)
    for x, y in [(0, 0), (9, 20), (30, 20), (20, 9), (20, 30), (39, 39)]:
        assert image.getpixel((x, y)) == WHITE, (x, y)


def test_half_pixel_edges_are_antialiased(numpy_mode):
    image = _render(_scene(("box", {"frame": (10.5, 10, 10, 10), "background_color": "#000000"})))
    # half covered: 127.5, to within 1 (Skia's 8-bit coverage of one half, 128/255, gives 127)
    assert _near(image.getpixel((10, 15)), (128, 128, 128), 1)
    assert image.getpixel((12, 15)) == (0, 0, 0)


def test_opacity_half_blends_exactly(numpy_mode):
    image = _render(_scene(("box", {"frame": (10, 10, 20, 20), "background_color": "#FF0000", "opacity": 0.5})))
    red, green, blue = image.getpixel((20, 20))
    assert red == 255
    # 255 * 0.5 = 127.5 -> 128, to within 1: Skia's 8-bit alpha of 0.5 is 128/255, which leaves 127
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
    # The pixel [11, 12]^2 is outside the 6-point arc but for its corner (12, 12), 5.66 from the arc's centre
    # (16, 16): exactly about 10 % of it is covered (the arc crosses its edges at 11.53). The old 2x2 subsamples
    # all missed it; Skia's coverage gives 12 %: within 32 of white (0.125 of the 255 contrast).
    assert _near(image.getpixel((11, 11)), WHITE, 32)
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


def test_layout_is_the_engines_report():
    # The real views behind the bones are the engine's layout (gf.layout), not a second one in Python.
    tree = _tree()
    tree["root"]["children"].append({
        "id": "grid", "type": "collection", "frame": [0, 0, 120, 100],
        "sections": [{"cell": "c", "itemSize": [50, 40], "spacing": 10, "insets": 5,
                      "header": {"cell": "c", "height": 10}}]})
    tree["cells"] = {"c": {"size": [50, 40], "children": [{"type": "label", "frame": [0, 0, 40, 10]}]}}
    report = gf.layout(tree)
    renderer = Renderer(gf.skeleton(tree), layout=tree)
    assert renderer.layout == report
    kinds = [item.kind for item in report]
    # Columns: floor((120 - 10 + 10) / 60) = 2; the items start under the header (10) and the top inset (5), at
    # y = 15, and rows of 40 + 10 fill the visible 100: ceil((100 - 10 - 5 - 5 + 10) / 50) = 2 rows.
    assert kinds.count("item") == 2 * 2
    assert kinds.count("header") == 1
    items = [item.frame for item in report if item.kind == "item"]
    assert items[0] == (5.0, 15.0, 50.0, 40.0) and items[1] == (65.0, 15.0, 50.0, 40.0)
    assert items[2] == (5.0, 65.0, 50.0, 40.0)
    # A report can be passed as it is; an unreadable layout is refused like the tree itself.
    assert Renderer(gf.skeleton(tree), layout=report).render(0).tobytes() == renderer.render(0).tobytes()
    with pytest.raises(TypeError):
        Renderer(gf.skeleton(tree), layout=42)


def test_layout_hints_are_drawn_faintly():
    import skia

    from ghostframe.render import LAYOUT_FILL, LAYOUT_OUTLINE, draw_layout

    tree = {"viewport": [40, 20], "root": {"frame": [0, 0, 40, 20], "children": [
        {"type": "view", "frame": [10, 4, 20, 12]}]}}
    overlay = draw_layout(gf.layout(tree), (40, 20), 1.0)
    pixels = bytearray(40 * 20 * 4)
    assert overlay.readPixels(skia.ImageInfo.Make(40, 20, skia.kBGRA_8888_ColorType, skia.kPremul_AlphaType),
                              pixels, 40 * 4, 0, 0)

    def alpha(x, y):
        return pixels[(y * 40 + x) * 4 + 3]

    outline, fill = LAYOUT_OUTLINE[3], LAYOUT_FILL[3]
    assert alpha(0, 10) == pytest.approx(outline, abs=1)  # the root (a view with children): an outline only
    assert alpha(5, 10) == 0
    # The leaf view: a 1-pixel outline (alpha 120) on its edge over its fill (46): 120 + 46 (1 - 120 / 255).
    assert alpha(10, 10) == pytest.approx(outline + fill * (1 - outline / 255), abs=2)
    assert alpha(20, 10) == pytest.approx(fill, abs=1)  # inside: the fill alone


def test_docstring_examples():
    import doctest

    result = doctest.testmod(preview, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0 and result.attempted >= 3
