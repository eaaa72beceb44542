"""gf.skeleton, gf.ViewTree and gf.end_skeleton (gf_skeleton_*, gf_view_tree_*).

Hand-computed values follow docs/view-tree-format.md: a single-line label's bar is the label's
frame with its height × 0.75 (a 100 × 20 label at (16, 16) gives a 100 × 15 bar at (16, 16)),
an image keeps its frame, and the layers are "skeleton", "container:<group>", "bone:<i>".
"""

from __future__ import annotations

import colorsys
import copy
import ctypes
import glob
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

import ghostframe as gf
from ghostframe import _native
from _support import bezier, find_repository, header_text

SMALL = {
    "viewport": [375, 667],
    "root": {
        "id": "screen",
        "frame": [0, 0, 375, 667],
        "children": [{"id": "title", "type": "label", "frame": [16, 16, 100, 20]}],
    },
}

FEED = {
    "viewport": [375, 667],
    "style": {"animation": "shimmer", "shimmerDirection": "left"},
    "root": {
        "id": "feed",
        "frame": [0, 0, 375, 667],
        "style": {"color": "#DDDDDD"},
        "children": [
            {"id": "avatar", "type": "image", "frame": [16, 16, 48, 48], "cornerRadius": 24},
            {"id": "name", "type": "label", "frame": [76, 16, 120, 20]},
            {"id": "bio", "type": "label", "frame": [76, 44, 280, 40], "lines": 2},
            {"id": "badge", "type": "button", "frame": [300, 16, 60, 20], "skeleton": "keep"},
            {
                "id": "list",
                "type": "table",
                "frame": [0, 100, 375, 567],
                "sections": [{"cell": "news", "rowHeight": 100, "header": {"cell": "title", "height": 30}}],
            },
        ],
    },
    "cells": {
        "news": {
            "size": [375, 100],
            "children": [
                {"id": "thumb", "type": "image", "frame": [16, 10, 80, 80], "cornerRadius": 4},
                {"id": "headline", "type": "label", "frame": [108, 10, 250, 20]},
            ],
            "adjust": ["named(headline).reducedWidth(50)"],
        },
        "title": {"size": [375, 30], "children": [{"type": "label", "frame": [16, 8, 120, 16]}]},
    },
    "adjust": ["animation(1).reducedWidth(20).down(2)"],
}


def _field(state, name):
    return float(state[name]) if hasattr(state, "dtype") else float(getattr(state, name))


def _frame(scene, layer_id, t=0.0):
    state = scene.sample(t)[scene.layer(layer_id)]
    return tuple(_field(state, k) for k in ("x", "y", "width", "height"))


def _ids(scene):
    return [layer["id"] for layer in json.loads(scene.to_json())["layers"]]


# -- gf.skeleton: the four kinds of input -------------------------------------------------


def _check_small(scene):
    assert len(scene) == 3
    assert _ids(scene) == ["skeleton", "container:root", "bone:0"]
    assert _frame(scene, "bone:0") == (16.0, 16.0, 100.0, 15.0)
    assert _frame(scene, "skeleton") == (0.0, 0.0, 375.0, 667.0)


def test_from_dict(numpy_mode):
    _check_small(gf.skeleton(SMALL))


def test_from_json_text(numpy_mode):
    _check_small(gf.skeleton(json.dumps(SMALL)))
    _check_small(gf.skeleton("\n   \t" + json.dumps(SMALL, indent=2)))  # whitespace before '{'


def test_from_bytes(numpy_mode):
    data = json.dumps(SMALL).encode()
    _check_small(gf.skeleton(data))
    _check_small(gf.skeleton(bytearray(data)))
    _check_small(gf.skeleton(memoryview(data)))


def test_from_path(tmp_path, numpy_mode):
    path = tmp_path / "small tree.json"
    path.write_text(json.dumps(SMALL), encoding="utf-8")
    _check_small(gf.skeleton(path))  # os.PathLike
    _check_small(gf.skeleton(str(path)))  # a str that does not start with '{'


def test_a_str_that_is_not_json_is_a_path(tmp_path):
    with pytest.raises(FileNotFoundError) as info:
        gf.skeleton(str(tmp_path / "missing.json"))
    assert "missing.json" in str(info.value)
    with pytest.raises(FileNotFoundError, match=r"'\{' or '\['"):
        gf.skeleton("  feed")  # not '{' or '[' first: a path, and no such file (the rule is named)
    with pytest.raises(gf.InvalidArgumentError, match="expected an object"):
        gf.skeleton("  [1, 2]")  # '[' first: JSON text (issue 30: one rule for every loader)


def test_unsupported_types():
    for bad in (None, 3, 1.5, ["viewport"], object()):
        with pytest.raises(TypeError):
            gf.skeleton(bad)
    with pytest.raises(TypeError, match="JSON-serialisable"):
        gf.skeleton({"viewport": object()})


def test_unicode_ids_survive(numpy_mode):
    tree = copy.deepcopy(SMALL)
    tree["root"]["children"][0]["id"] = "título ✓"
    tree["adjust"] = ["named(\"título ✓\").down(4)"]
    scene = gf.skeleton(tree)
    assert _frame(scene, "bone:0") == (16.0, 20.0, 100.0, 15.0)


def test_image_and_multiline_label(numpy_mode):
    scene = gf.skeleton(FEED)
    assert _frame(scene, "bone:0") == (16.0, 16.0, 48.0, 48.0)  # image: its frame
    # name: 120 x 15 bar, then reducedWidth(20).down(2)
    assert _frame(scene, "bone:1") == (76.0, 18.0, 100.0, 15.0)
    # bio: two lines of 12, 8 apart; the last is half as wide
    assert _frame(scene, "bone:2:line:0") == (76.0, 44.0, 280.0, 12.0)
    assert _frame(scene, "bone:2:line:1") == (76.0, 64.0, 140.0, 12.0)
    holes = list(scene.sample_custom("hole", 0.0))
    assert holes[scene.layer("bone:3")] == 1.0  # the kept button
    assert sum(1 for h in holes if h == 1.0) == 1


def test_end_at_fades_the_skeleton(numpy_mode):
    scene = gf.skeleton(SMALL, end_at=1.0)
    root = scene.layer("skeleton")
    assert _field(scene.sample(0.9)[root], "opacity") == 1.0
    assert _field(scene.sample(1.25)[root], "opacity") == 0.0


def test_end_skeleton_one_group(numpy_mode):
    scene = gf.skeleton(FEED)
    gf.end_skeleton(scene, 2.0, "list/section/0")
    section = scene.layer("container:list/section/0")
    root = scene.layer("container:root")
    late = scene.sample(2.5)
    assert _field(late[section], "opacity") == 0.0
    assert _field(late[root], "opacity") == 1.0
    with pytest.raises(gf.NotFoundError, match="nope"):
        gf.end_skeleton(scene, 2.0, "nope")
    with pytest.raises(gf.InvalidArgumentError):
        gf.end_skeleton(scene, float("nan"))
    with pytest.raises(TypeError):
        gf.end_skeleton("not a scene", 1.0)


def test_every_example_tree_generates(numpy_mode):
    repo = find_repository()
    trees = sorted(glob.glob(os.path.join(repo, "examples", "trees", "*.json"))) if repo else []
    if not trees:
        pytest.skip("examples/trees not found")
    names = {os.path.splitext(os.path.basename(p))[0] for p in trees}
    assert {"dynamic", "card", "bin", "shimmer", "segment", "drop", "feed"} <= names
    for path in trees:
        scene = gf.skeleton(path)
        ids = _ids(scene)
        assert ids[0] == "skeleton" and any(i.startswith("bone:") for i in ids), path


# -- errors -----------------------------------------------------------------------------


def test_errors_name_the_json_path():
    tree = copy.deepcopy(SMALL)
    tree["root"]["children"][0]["fram"] = tree["root"]["children"][0].pop("frame")
    with pytest.raises(gf.InvalidArgumentError) as info:
        gf.skeleton(tree)
    assert info.value.message.startswith("root.children[0].fram: unknown key 'fram'")
    assert "did you mean 'frame'" in info.value.message

    tree = copy.deepcopy(SMALL)
    tree["root"]["children"][0]["type"] = "lable"
    with pytest.raises(gf.InvalidArgumentError, match=r"root\.children\[0\]\.type: unknown type 'lable'"):
        gf.skeleton(tree)

    tree = copy.deepcopy(FEED)
    tree["root"]["children"][4]["sections"][0]["cell"] = "nwes"
    with pytest.raises(gf.NotFoundError, match=r"root\.children\[4\]\.sections\[0\]\.cell: no cell template 'nwes'"):
        gf.skeleton(tree)


def test_parse_errors_name_line_and_column():
    with pytest.raises(gf.ParseError, match=r"line 1, column 20"):
        gf.skeleton('{"viewport": [1,2],}')


def test_invalid_utf8():
    with pytest.raises(gf.InvalidUTF8Error):
        gf.skeleton(b'{"viewport": "\xff"}')


def test_adjust_errors_name_line_and_column():
    tree = copy.deepcopy(SMALL)
    tree["adjust"] = ["animation(0).down(1)", "animation(0).dwn(2)"]
    with pytest.raises(gf.ParseError) as info:
        gf.skeleton(tree)
    assert info.value.message == "adjust[1], column 14: unknown modifier 'dwn' (did you mean 'down'?)"

    tree["adjust"] = ["animation(0).down(x)"]
    with pytest.raises(gf.ParseError, match=r"^GF_E_PARSE: adjust\[0\], column 19: down: expected a number"):
        gf.skeleton(tree)

    tree = copy.deepcopy(FEED)
    tree["cells"]["news"]["adjust"] = ["animation(0).bogus(1)"]
    with pytest.raises(gf.ParseError, match=r"cells\.news\.adjust\[0\], column 14"):
        gf.skeleton(tree)


# -- the builder ------------------------------------------------------------------------


def _build_feed():
    tree = gf.ViewTree((375, 667))
    tree.set_style(None, animation="shimmer", shimmer_direction="left")  # snake_case converted
    root = tree.set_root(frame=(0, 0, 375, 667), id="feed")
    tree.set_style(root, color="#DDDDDD")
    tree.add_node(root, kind="image", frame=(16, 16, 48, 48), id="avatar", corner_radius=24)
    tree.add_node(root, kind="label", frame=(76, 16, 120, 20), id="name")
    tree.add_node(root, kind="label", frame=(76, 44, 280, 40), id="bio", lines=2)
    tree.add_node(root, kind="button", frame=(300, 16, 60, 20), id="badge", skeleton="keep")
    table = tree.add_node(root, kind="table", frame=(0, 100, 375, 567), id="list")
    news = tree.add_cell("news", (375, 100))
    tree.add_node(news, kind="image", frame=(16, 10, 80, 80), id="thumb", corner_radius=4)
    tree.add_node(news, kind="label", frame=(108, 10, 250, 20), id="headline")
    tree.add_adjust(news, "named(headline).reducedWidth(50)")
    title = tree.add_cell("title", (375, 30))
    tree.add_node(title, kind="label", frame=(16, 8, 120, 16))
    tree.add_section(table, {"cell": "news", "rowHeight": 100, "header": {"cell": "title", "height": 30}})
    tree.add_adjust(root, "animation(1).reducedWidth(20).down(2)")
    return tree


def _same_scene(a, b, times=(0.0, 0.37, 1.2)):
    assert len(a) == len(b)
    assert _ids(a) == _ids(b)
    for t in times:
        sa, sb = a.sample(t), b.sample(t)
        la = sa.tolist() if hasattr(sa, "tolist") else sa
        lb = sb.tolist() if hasattr(sb, "tolist") else sb
        assert repr(la) == repr(lb), t


def test_builder_equals_json(numpy_mode):
    with _build_feed() as tree:
        built = tree.skeleton()
    from_json = gf.skeleton(FEED)
    _same_scene(built, from_json)
    assert built.to_json() == from_json.to_json()


def test_builder_from_json_and_generate_twice(numpy_mode):
    tree = gf.ViewTree.from_json(FEED)
    first, second = tree.skeleton(), tree.skeleton()
    _same_scene(first, second)
    _same_scene(first, gf.skeleton(FEED))
    tree.close()


def test_builder_small_tree(numpy_mode):
    tree = gf.ViewTree.create([375, 667])
    root = tree.set_root(frame=[0, 0, 375, 667], id="screen")
    tree.add_node(root, kind="label", frame=[16, 16, 100, 20], id="title")
    _check_small(tree.skeleton())
    scene = tree.skeleton(end_at=0.5)
    assert _field(scene.sample(1.0)[scene.layer("skeleton")], "opacity") == 0.0


def test_builder_style_values_are_json():
    tree = gf.ViewTree((100, 100))
    root = tree.set_root(frame=(0, 0, 100, 100))
    tree.add_node(root, kind="label", frame=(0, 0, 50, 20))
    tree.set_style(None, color=[1, 0, 0, 1], useCornerRadius=True, bone_height=10)
    scene = tree.skeleton()
    state = scene.sample(0.0)[scene.layer("bone:0")]
    assert _field(state, "r") == 1.0 and _field(state, "g") == 0.0
    assert _field(state, "height") == 10.0
    assert _field(state, "corner_radius") == 5.0  # useCornerRadius with radius 0: half the bar


# -- the shimmer's gradient colours (issue 29) ---------------------------------------------
# TABAnimated: [base, hi, base], base = shimmerBackColor (0xDFDFDF light, 0x282828 dark), hi = base
# in HSB with the brightness x shimmerBrightness (0.92 light, 0.5 dark). The reference is the
# standard library's colorsys, not Ghostframe's code; tolerance 1e-12.


def _hsb_highlight(rgb, factor):
    h, s, v = colorsys.rgb_to_hsv(*rgb)
    return colorsys.hsv_to_rgb(h, s, min(v * factor, 1.0))


def _gradient(scene, layer_id="bone:0", t=0.0):
    state = scene.sample(t)[scene.layer(layer_id)]
    colors = [float(c) for c in (state["gradient_colors"] if hasattr(state, "dtype") else state.gradient_colors)]
    return [tuple(colors[4 * i:4 * i + 3]) for i in range(3)]


@pytest.mark.parametrize("style, base, factor", [
    ({}, (223 / 255,) * 3, 0.92),                                         # TABAnimated, light
    ({"palette": "dark"}, (40 / 255,) * 3, 0.5),                          # TABAnimated, dark
    ({"color": "#3366CC", "shimmerColor": "bone"}, (0.2, 0.4, 0.8), 0.92),  # the bone's colour
    ({"palette": "dark", "color": "#3366CC", "shimmerColor": "bone"}, (0.2, 0.4, 0.8), 0.5),
    ({"color": "#3366CC", "shimmerColor": "#C08040", "shimmerBrightness": 0.8},
     (192 / 255, 128 / 255, 64 / 255), 0.8),                             # a chosen base
])
def test_shimmer_gradient_colours(numpy_mode, style, base, factor):
    tree = {"viewport": [375, 667], "style": {"animation": "shimmer", **style},
            "root": {"frame": [0, 0, 375, 667], "children": [{"type": "label", "frame": [16, 16, 100, 20]}]}}
    expected = [base, _hsb_highlight(base, factor), base]
    for scene in (gf.skeleton(tree), _shimmer_built(style)):
        for t in (0.0, 0.8):
            got = _gradient(scene, t=t)
            for stop, want in zip(got, expected):
                assert stop == pytest.approx(want, abs=1e-12), (style, t)


def _shimmer_built(style):
    """The same one-label tree through the builder's set_style (snake_case keys)."""
    tree = gf.ViewTree((375, 667))
    root = tree.set_root(frame=(0, 0, 375, 667))
    tree.add_node(root, kind="label", frame=(16, 16, 100, 20))
    snake = {re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), k): v for k, v in style.items()}
    tree.set_style(None, animation="shimmer", **snake)
    return tree.skeleton()


def test_shimmer_color_bad_value_names_the_key():
    tree = gf.ViewTree((100, 100))
    tree.set_root(frame=(0, 0, 100, 100))
    with pytest.raises(gf.InvalidArgumentError, match=r'shimmerColor: expected a colour .* or "bone", found \'bones\''):
        tree.set_style(None, shimmer_color="bones")
    with pytest.raises(gf.GhostframeError, match=r"style\.shimmerColor"):
        gf.skeleton({"viewport": [10, 10], "style": {"shimmerColor": 3}, "root": {"frame": [0, 0, 10, 10]}})


def test_builder_errors():
    tree = gf.ViewTree((375, 667))
    with pytest.raises(ValueError, match="unknown kind 'lable'"):
        tree.set_root(frame=(0, 0, 1, 1), kind="lable")
    with pytest.raises(ValueError, match="unknown skeleton"):
        tree.set_root(frame=(0, 0, 1, 1), skeleton="hide")
    with pytest.raises(ValueError, match="4 numbers"):
        tree.set_root(frame=(0, 0, 1))
    root = tree.set_root(frame=(0, 0, 375, 667))
    with pytest.raises(gf.GhostframeError):
        tree.set_root(frame=(0, 0, 375, 667))  # a second root
    with pytest.raises(ValueError):
        tree.add_node(-1, frame=(0, 0, 1, 1))
    with pytest.raises(TypeError):
        tree.add_node("root", frame=(0, 0, 1, 1))
    with pytest.raises(gf.GhostframeError):
        tree.add_node(999, frame=(0, 0, 1, 1))
    with pytest.raises(gf.InvalidArgumentError):
        tree.add_node(root, frame=(0, 0, -5, 1))
    with pytest.raises(gf.InvalidArgumentError, match="unknown animation 'bin'"):
        tree.set_style(None, animation="bin")
    with pytest.raises(gf.GhostframeError):
        tree.set_style(root, no_such_key=1)
    with pytest.raises(TypeError):
        tree.add_section(root, 5)
    tree.add_node(root, kind="label", frame=(0, 0, 10, 10))
    tree.add_adjust(root, "animation(0).dwn(2)")  # checked when generating
    with pytest.raises(gf.ParseError, match=r"column 14: unknown modifier 'dwn'"):
        tree.skeleton()
    with pytest.raises(gf.InvalidArgumentError):
        gf.ViewTree((0, 667))
    with pytest.raises(ValueError):
        gf.ViewTree((1, 2, 3))


def test_builder_style_and_section_errors_name_the_node():
    """The library's message names the node (by id, or the cell, or its place) or the global
    style, then the key; the status is kept."""
    tree = gf.ViewTree((375, 667))
    root = tree.set_root(frame=(0, 0, 375, 667))
    avatar = tree.add_node(root, kind="image", frame=(16, 16, 48, 48), id="avatar")
    table = tree.add_node(root, kind="table", frame=(0, 100, 375, 500), id="list")
    label = tree.add_node(root, kind="label", frame=(76, 16, 120, 20))
    cell = tree.add_cell("row", (375, 100))
    cases = [
        (lambda: tree.set_style(avatar, color="#GGG"), gf.InvalidArgumentError,
         f"node 'avatar' (handle {avatar}): style.color: expected a colour"),
        (lambda: tree.set_style(label, color=[1, 2, 0, 1]), gf.InvalidArgumentError,
         f"node {label} (a label without an id): style.color[1]: a colour channel must be in [0, 1], found 2"),
        (lambda: tree.set_style(cell, shimmer_duration=0), gf.InvalidArgumentError,
         f"cell 'row' (handle {cell}): style.shimmerDuration: expected a duration > 0, found 0"),
        (lambda: tree.set_style(root, corner_radius=-1), gf.InvalidArgumentError,
         f"the root (handle {root}): style.cornerRadius"),
        (lambda: tree.set_style(None, animation="bin"), gf.InvalidArgumentError,
         "global style: animation: unknown animation 'bin'"),
        (lambda: tree.set_style(avatar, colour="#FFF"), gf.InvalidArgumentError,
         f"node 'avatar' (handle {avatar}): style.colour: unknown key 'colour' (did you mean 'color'?)"),
        (lambda: tree.set_style(avatar, line_height=float("nan")), gf.ParseError,
         f"node 'avatar' (handle {avatar}): style.lineHeight: line 1, column 1"),
        (lambda: tree.add_section(table, {"cell": "row", "rowHeigth": 10}), gf.InvalidArgumentError,
         f"node 'list' (handle {table}): sections[0].rowHeigth: unknown key 'rowHeigth' (did you mean 'rowHeight'?)"),
        (lambda: tree.add_section(table, {}), gf.InvalidArgumentError,
         f"node 'list' (handle {table}): sections[0]: missing required key 'cell'"),
        (lambda: tree.add_section(table, '{"cell": "row",'), gf.ParseError,
         f"node 'list' (handle {table}): sections[0]: line 1, column 16"),
        (lambda: tree.add_section(avatar, {"cell": "row"}), gf.InvalidArgumentError,
         f"node 'avatar' (handle {avatar}) is an image, not a table or collection"),
    ]
    for action, cls, prefix in cases:
        with pytest.raises(gf.GhostframeError) as info:
            action()
        assert type(info.value) is cls, info.value
        assert info.value.message.startswith(prefix), info.value.message
    # A second section is sections[1].
    tree.add_section(table, {"cell": "row", "rowHeight": 100})
    with pytest.raises(gf.InvalidArgumentError, match=r"^GF_E_INVALID_ARGUMENT: node 'list' \(handle 2\): sections\[1\]\.header"):
        tree.add_section(table, {"cell": "row", "header": {"height": 5}})


def test_builder_lifetime():
    tree = gf.ViewTree((10, 10))
    assert not tree.closed and "ViewTree" in repr(tree)
    tree.close()
    tree.close()
    assert tree.closed and repr(tree) == "<closed ViewTree>"
    with pytest.raises(ValueError, match="closed ViewTree"):
        tree.set_root(frame=(0, 0, 10, 10))
    with gf.ViewTree((10, 10)) as inner:
        inner.set_root(frame=(0, 0, 10, 10))
    assert inner.closed


def test_exports():
    for name in ("skeleton", "ViewTree", "end_skeleton"):
        assert name in gf.__all__ and hasattr(gf, name)
    assert gf.skeleton.__module__ == "ghostframe.skeleton"


# -- the C declarations -------------------------------------------------------------------


@pytest.fixture(scope="module")
def header() -> str:
    repo = find_repository()
    path = os.path.join(repo, "Include", "ghostframe.h") if repo else None
    if not path or not os.path.isfile(path):
        pytest.skip("not inside the Ghostframe repository")
    return path


def test_skeleton_constants_match_the_header(header):
    text = header_text(header)
    defines = dict(re.findall(r"#define\s+(GF_(?:VIEW|SKELETON|ALIGN)_\w+)\s+\(?(0x[0-9A-Fa-f]+|-?\d+)u?\)?\s*$",
                              text, flags=re.M))
    assert len(defines) >= 17
    for name, value in defines.items():
        assert getattr(_native, name) == int(value, 0), name


def test_view_node_desc_layout_matches_the_header(header, tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    struct = _native.gf_view_node_desc
    lines = ['#include <stdio.h>', '#include <stddef.h>', '#include "ghostframe.h"', "int main(void) {",
             'printf("sizeof %zu\\n", sizeof(gf_view_node_desc));']
    lines += [f'printf("{f} %zu\\n", offsetof(gf_view_node_desc, {f}));' for f, _ in struct._fields_]
    lines += ["return 0; }"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines))
    exe = tmp_path / "layout"
    build = subprocess.run([compiler, "-std=c11", "-I", os.path.dirname(header), "-o", str(exe), str(source)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    for line in subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines():
        field, value = line.split()
        actual = ctypes.sizeof(struct) if field == "sizeof" else getattr(struct, field).offset
        assert actual == int(value), field


def test_desc_init_defaults():
    desc = _native.gf_view_node_desc()
    _native.lib.gf_view_node_desc_init(ctypes.byref(desc))
    assert desc.struct_size == ctypes.sizeof(desc)
    assert (desc.kind, desc.skeleton, desc.align, desc.lines) == (0, 0, 0, 1)


def test_pathlib_relative_path(tmp_path, monkeypatch):
    (tmp_path / "t.json").write_text(json.dumps(SMALL))
    monkeypatch.chdir(tmp_path)
    _check_small(gf.skeleton("t.json"))
    _check_small(gf.skeleton(pathlib.Path("t.json")))


def test_docstring_examples():
    import doctest
    import importlib

    module = importlib.import_module("ghostframe.skeleton")  # gf.skeleton is the function
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0 and result.attempted >= 5


# -- the skeleton's whole life (issue 34) --------------------------------------------------
# References: _support.bezier (bisection on the curve parameter, independent of the library) for
# Core Animation's easeIn (0.42, 0, 1, 1) and easeInEaseOut (0.42, 0, 0.58, 1); tolerance 1e-9.


LABEL_ONLY = {"frame": [0, 0, 375, 667], "children": [{"type": "label", "frame": [16, 16, 100, 20]}]}


def _ease_in(x):
    return bezier(0.42, 0, 1, 1, x)


def _ease_in_out(x):
    return bezier(0.42, 0, 0.58, 1, x)


def test_show_delay_and_appear_fade(numpy_mode):
    # Delay 0.4, fade 0.3: opacity 0 before 0.4, easeInEaseOut((t - 0.4) / 0.3), then 1.
    tree = {"viewport": [375, 667], "style": {"animation": "shimmer", "showDelay": 0.4, "appearDuration": 0.3},
            "root": LABEL_ONLY}
    scene = gf.skeleton(tree)
    bone = scene.layer("bone:0")
    for t in (0.0, 0.39, 0.4, 0.5, 0.55, 0.69, 0.7, 2.0):
        want = 0.0 if t < 0.4 else 1.0 if t >= 0.7 else _ease_in_out((t - 0.4) / 0.3)
        assert _field(scene.sample(t)[bone], "opacity") == pytest.approx(want, abs=1e-9), t
    # The sweep starts with the appearance: start x = -1 + 2 easeIn(0.75 / 1.5) at 0.4 + 0.75.
    state = scene.sample(1.15)[bone]
    assert _field(state, "gradient_start_x") == pytest.approx(-1 + 2 * _ease_in(0.5), abs=1e-9)


@pytest.mark.parametrize("duration, curve, ease", [
    (0.2, "easeInEaseOut", _ease_in_out),
    (0.5, "linear", lambda x: x),
    (0.8, gf.Curve("cubic-bezier(0.2, 0.7, 0.4, 1)"), lambda x: bezier(0.2, 0.7, 0.4, 1, x)),
])
def test_end_cross_dissolve(numpy_mode, duration, curve, ease):
    # The skeleton 1 -> 0 and the content 0 -> 1 along the same curve, from t = 1.
    scene = gf.skeleton({"viewport": [375, 667], "style": {"animation": "shimmer"}, "root": LABEL_ONLY})
    assert scene.content_opacity(3.0) == 0.0
    gf.end_skeleton(scene, 1.0, duration=duration, curve=curve)
    bone = scene.layer("bone:0")
    for f in (0.0, 0.1, 0.25, 0.5, 0.9, 1.0, 2.0):
        t = 1.0 + f * duration
        p = ease(min(f, 1.0))
        assert _field(scene.sample(t)[bone], "opacity") == pytest.approx(1 - p, abs=1e-9), (curve, f)
        assert scene.content_opacity(t) == pytest.approx(p, abs=1e-9), (curve, f)


def test_end_defaults_and_groups(numpy_mode):
    scene = gf.skeleton(FEED)
    gf.end_skeleton(scene, 2.0, "list/section/0", curve="linear")
    # The section's content follows its own end (linear over 0.2 s); the whole tree's stays 0.
    assert scene.content_opacity(2.05, "list/section/0") == pytest.approx(0.25, abs=1e-9)
    assert scene.content_opacity(2.05) == 0.0
    gf.end_skeleton(scene, 3.0)  # the defaults: 0.2 s, easeInEaseOut
    assert scene.content_opacity(3.1) == pytest.approx(0.5, abs=1e-9)
    assert scene.content_opacity(3.1, "list/section/0") == 1.0
    with pytest.raises(gf.NotFoundError, match="nope"):
        scene.content_opacity(1.0, "nope")
    with pytest.raises(gf.InvalidArgumentError):
        scene.content_opacity(float("inf"))
    with pytest.raises(gf.InvalidArgumentError, match="duration"):
        gf.end_skeleton(scene, 1.0, duration=-1)
    with pytest.raises(gf.GhostframeError, match="ease-inn"):
        gf.end_skeleton(scene, 1.0, curve="ease-inn")
    with pytest.raises(TypeError):
        gf.end_skeleton(scene, 1.0, curve=3)
    with pytest.raises(gf.NotFoundError):
        gf.Scene().content_opacity(0.0)


def test_end_before_the_delay_never_shows(numpy_mode):
    scene = gf.skeleton({"viewport": [375, 667], "style": {"showDelay": 0.4}, "root": LABEL_ONLY})
    gf.end_skeleton(scene, 0.3)
    bone = scene.layer("bone:0")
    assert all(_field(scene.sample(t)[bone], "opacity") == 0.0 for t in (0.3, 0.4, 0.5, 5.0))
    assert scene.content_opacity(0.29) == 0.0 and scene.content_opacity(0.3) == 1.0


def test_shimmer_shape_keys(numpy_mode):
    # Angle 90 (down) on the 100 x 15 bar, band length 0.25 (w = 1/3 of the height), pause 0.5:
    # start y = -w + (1 + w) easeIn(tau / 1.5) in a 2 s cycle, 1 during the pause; the highlight
    # colour is the middle stop.
    w = 1 / 3
    tree = gf.ViewTree((375, 667))
    root = tree.set_root(frame=(0, 0, 375, 667))
    tree.add_node(root, kind="label", frame=(16, 16, 100, 20))
    tree.set_style(None, animation="shimmer", shimmer_angle=90, shimmer_highlight_length=0.25,
                   shimmer_pause_duration=0.5, shimmer_highlight_color="#FF000080")
    scene = tree.skeleton()
    bone = scene.layer("bone:0")
    for t in (0.0, 0.75, 1.4, 1.6, 1.99, 2.75):
        tau = t % 2.0
        e = _ease_in(tau / 1.5) if tau < 1.5 else 1.0
        state = scene.sample(t)[bone]
        assert _field(state, "gradient_start_y") == pytest.approx(-w + (1 + w) * e, abs=1e-9), t
        assert _field(state, "gradient_end_y") == pytest.approx(-w + (1 + w) * e + w, abs=1e-9), t
        assert _field(state, "gradient_start_x") == 0.5
    colors = [float(c) for c in (state["gradient_colors"] if hasattr(state, "dtype") else state.gradient_colors)]
    assert colors[4:8] == pytest.approx([1, 0, 0, 128 / 255], abs=1e-12)


def test_max_animation_duration(numpy_mode):
    # Shimmer 1.5 s, limit 4: two sweeps, then the model gradient (start x -1) from 3 s on.
    scene = gf.skeleton({"viewport": [375, 667], "style": {"animation": "shimmer", "maxAnimationDuration": 4},
                         "root": LABEL_ONLY})
    bone = scene.layer("bone:0")
    assert _field(scene.sample(2.25)[bone], "gradient_start_x") == pytest.approx(-1 + 2 * _ease_in(0.5), abs=1e-9)
    assert _field(scene.sample(3.0)[bone], "gradient_start_x") == -1.0
    assert _field(scene.sample(100.0)[bone], "gradient_start_x") == -1.0


@pytest.mark.parametrize("style, message", [
    ({"showDelay": -1}, "style.showDelay: expected a delay >= 0, found -1"),
    ({"appearDuration": "fast"}, "style.appearDuration: expected a number, found a string"),
    ({"maxAnimationDuration": 0}, "style.maxAnimationDuration: expected a duration > 0, found 0"),
    ({"shimmerHighlightLength": 1}, r"style.shimmerHighlightLength: expected a number in \(0, 1\), found 1"),
    ({"shimmerPauseDuration": -0.1}, "style.shimmerPauseDuration: expected a duration >= 0, found -0.1"),
    ({"shimmerAngle": "diagonal"}, "style.shimmerAngle: expected a number, found a string"),
    ({"shimmerHighlightColor": "golld"}, "style.shimmerHighlightColor: expected a colour"),
])
def test_lifecycle_keys_are_checked(style, message):
    with pytest.raises(gf.InvalidArgumentError, match=message):
        gf.skeleton({"viewport": [10, 10], "style": style, "root": {"frame": [0, 0, 10, 10]}})
    with pytest.raises(gf.InvalidArgumentError, match="only the global style sets showDelay"):
        gf.skeleton({"viewport": [10, 10], "root": {"frame": [0, 0, 10, 10], "style": {"showDelay": 1}}})
