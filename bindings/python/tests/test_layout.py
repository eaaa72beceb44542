"""The layout report (gf.layout, ViewTree.layout, gf_view_tree_layout): the real views where the
engine lays them out, against frames computed by hand and against the Python list layout the
previewer used to repeat (kept in _reference_preview.py as a second, independent algorithm)."""

from __future__ import annotations

import ctypes
import glob
import json
import os
import subprocess
import sys

import pytest

import ghostframe as gf
from _support import find_repository, subprocess_env
from ghostframe import _native


def _examples():
    repo = find_repository()
    return sorted(glob.glob(os.path.join(repo, "examples", "trees", "*.json"))) if repo else []


# A 200 x 300 screen: a label, a table scrolled by 10 (a header of 20, rows of 60 that fill it), a skipped
# view (still a real view) and a hidden one (not).
TREE = {
    "viewport": [200, 300],
    "root": {"id": "screen", "frame": [0, 0, 200, 300], "children": [
        {"id": "title", "type": "label", "frame": [10, 10, 100, 20], "lines": 2, "align": "center"},
        {"id": "list", "type": "table", "frame": [0, 50, 200, 200], "contentOffset": [0, 10],
         "sections": [{"cell": "row", "rowHeight": 60, "header": {"cell": "head", "height": 20}}]},
        {"id": "skipped", "frame": [150, 10, 40, 20], "skeleton": "skip"},
        {"id": "gone", "frame": [0, 0, 10, 10], "hidden": True},
    ]},
    "cells": {
        "row": {"size": [200, 60], "children": [
            {"id": "thumb", "type": "image", "frame": [10, 5, 50, 50], "cornerRadius": 8}]},
        "head": {"size": [200, 20], "children": []},
    },
}


def test_hand_computed_table():
    items = gf.layout(TREE)
    # The table's content starts at 50 - 10 = 40: the header 40...60, rows of 60 from 60 that fill the table's
    # frame (50...250): ceil((250 - 60) / 60) = 4 rows at 60, 120, 180, 240, each with its thumb at (10, y + 5).
    assert [(i.kind, i.id) for i in items[:4]] == [("view", "screen"), ("label", "title"), ("table", "list"),
                                                   ("header", "head")]
    assert items[1].lines == 2 and items[1].align == "center" and items[1].parent == 0
    assert items[3].frame == (0.0, 40.0, 200.0, 20.0) and items[3].clip == (0.0, 50.0, 200.0, 200.0)
    rows = [i for i in items if i.kind == "row"]
    assert [r.frame for r in rows] == [(0.0, y, 200.0, 60.0) for y in (60.0, 120.0, 180.0, 240.0)]
    assert [r.index for r in rows] == [0, 1, 2, 3] and all(r.section == 0 and r.parent == 2 for r in rows)
    thumbs = [i for i in items if i.id == "thumb"]
    assert [t.frame for t in thumbs] == [(10.0, y + 5, 50.0, 50.0) for y in (60.0, 120.0, 180.0, 240.0)]
    assert all(t.corner_radius == 8.0 and t.kind == "image" for t in thumbs)
    assert thumbs[-1].clip == (0.0, 240.0, 200.0, 10.0)  # the last row, cut at the table's bottom (250)
    assert items[-1].id == "skipped" and items[-1].skeleton == "skip"
    assert "gone" not in [i.id for i in items] and len(items) == 1 + 1 + 1 + 1 + 4 * 2 + 1
    assert all(i.parent < k for k, i in enumerate(items))


@pytest.mark.parametrize("path", _examples() or [None], ids=lambda p: os.path.basename(p) if p else "none")
def test_the_engine_and_the_old_python_layout_agree(path):
    if path is None:
        pytest.skip("examples/trees not found")
    from _reference_preview import Layout

    tree = json.load(open(path, encoding="utf-8"))
    old = Layout(tree)
    assert not old.right_to_left  # the old layout mirrored only when drawing
    renamed = {"container": "view", "supplement": "cell"}
    expected = [(renamed.get(kind, kind), tuple(rect), tuple(clip)) for kind, rect, _, clip in old.primitives]
    got = [("cell" if i.kind in ("header", "footer") else i.kind, i.frame, i.clip) for i in gf.layout(tree)]
    assert len(got) > 1 and got == expected


def test_the_builder_and_json_agree():
    tree = gf.ViewTree((200, 300))
    root = tree.set_root(frame=(0, 0, 200, 300), id="screen")
    tree.add_node(root, kind="label", frame=(10, 10, 100, 20), id="title", lines=2, align="center")
    table = tree.add_node(root, kind="table", frame=(0, 50, 200, 200), id="list", content_offset=(0, 10))
    tree.add_section(table, {"cell": "row", "rowHeight": 60, "header": {"cell": "head", "height": 20}})
    tree.add_node(root, frame=(150, 10, 40, 20), id="skipped", skeleton="skip")
    tree.add_node(root, frame=(0, 0, 10, 10), id="gone", hidden=True)
    row = tree.add_cell("row", (200, 60))
    tree.add_node(row, kind="image", frame=(10, 5, 50, 50), id="thumb", corner_radius=8)
    tree.add_cell("head", (200, 20))
    assert tree.layout() == gf.layout(TREE) == gf.layout(json.dumps(TREE)) == gf.layout(tree)


def test_right_to_left_is_mirrored():
    tree = json.loads(json.dumps(TREE))
    tree["style"] = {"rightToLeft": True}
    plain, mirrored = gf.layout(TREE), gf.layout(tree)
    for a, b in zip(plain, mirrored):
        x, y, w, h = a.frame
        assert b.frame == (200 - x - w, y, w, h)  # across the viewport's width
        assert b.right_to_left and not a.right_to_left


def test_refusals_are_the_skeletons():
    tree = json.loads(json.dumps(TREE))
    tree["root"]["children"][1]["sections"][0]["cell"] = "nope"
    with pytest.raises(gf.NotFoundError) as generation:
        gf.skeleton(tree)
    with pytest.raises(gf.NotFoundError) as layout:
        gf.layout(tree)
    assert layout.value.message == generation.value.message and "nope" in layout.value.message
    with pytest.raises(TypeError):
        gf.layout(42)
    hidden = json.loads(json.dumps(TREE))
    hidden["root"]["hidden"] = True
    assert gf.layout(hidden) == []


def test_too_many_views_is_a_limit():
    # 400,000 rows of 0.001 pt fill 400 pt: 800,000 views with their child, plus the rest: under the limit;
    # two children each make 1.2 million: GF_E_LIMIT.
    def tree(children):
        return {"viewport": [10, 667], "root": {"frame": [0, 0, 10, 667], "children": [
            {"type": "table", "frame": [0, 0, 10, 667], "sections": [{"cell": "c", "rowHeight": 0.001, "rows": 400000}]}]},
            "cells": {"c": {"size": [10, 1], "children": [{"frame": [0, 0, 1, 1]}] * children}}}

    assert len(gf.layout(tree(1))) == 2 + 400000 * 2
    with pytest.raises(gf.LimitError, match="1,000,000 views"):
        gf.layout(tree(2))


def test_the_struct_matches_the_header():
    # gf_layout_item as Include/ghostframe.h lays it out: 8 int32 fields, the id pointer, 9 doubles.
    item = _native.gf_layout_item
    assert ctypes.sizeof(item) == 8 * 4 + 8 + 9 * 8
    assert item.id.offset == 32 and item.x.offset == 40 and item.clip_x.offset == 72
    assert item.corner_radius.offset == 104
    assert _native.GF_MAX_LAYOUT_ITEMS == 1_000_000


def test_the_wrappers_do_not_import_the_renderer():
    # The bindings (scenes, skeletons, the layout report) are one part of the package, the drawing
    # (ghostframe.render, skia-python, Pillow) another, imported by ghostframe.preview only.
    code = (
        "import sys, ghostframe as gf\n"
        "tree = {'viewport': [10, 10], 'root': {'frame': [0, 0, 10, 10]}}\n"
        "scene = gf.skeleton(tree); scene.sample(0.5); gf.layout(tree)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('ghostframe.render', 'ghostframe.preview', 'skia', 'PIL'))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(), timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
