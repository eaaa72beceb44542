"""Skeletons from a web page (issue 33, point 1): examples/pages/feed.html walked in Chromium.

Every node's frame is checked against the browser's own geometry, read by this test with its
own calls (``getBoundingClientRect``, the content box from the computed style, a Range's client
rects), within 0.01 px; the bones against the documented rules applied to those frames; the
attributes and the kind mapping on small pages; the command line. Fonts are the page's (DejaVu
Sans, ``fonts-dejavu-core``): nothing assumes a pixel count the font decides.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

pytest.importorskip("playwright.sync_api")

import ghostframe as gf  # noqa: E402
from ghostframe import page as gfpage  # noqa: E402
from _support import find_repository  # noqa: E402

try:
    BROWSER = gfpage.find_browser()
except ImportError:  # MissingDependencyError: no Chromium on this machine
    BROWSER = None
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium (apt-get install chromium-headless-shell)")

TOL = 0.01
REPO = find_repository()
FEED = os.path.join(REPO, "examples", "pages", "feed.html") if REPO else None

# The browser's geometry of every element with an id, by this test's own reading.
GEOMETRY = """() => {
  const out = {};
  for (const el of document.querySelectorAll("[id]")) {
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    const px = (v) => parseFloat(v) || 0;
    const range = document.createRange(); range.selectNodeContents(el);
    const text = [...range.getClientRects()].filter((q) => q.width > 0);
    const tops = [...new Set(text.map((q) => Math.round(q.top)))].sort((a, b) => a - b);
    const lines = tops.map((t) => { const on = text.filter((q) => Math.round(q.top) === t);
      return [Math.min(...on.map((q) => q.left)), Math.max(...on.map((q) => q.right))]; });
    out[el.id] = {
      box: [r.left, r.top, r.width, r.height],
      content: [r.left + px(cs.borderLeftWidth) + px(cs.paddingLeft), r.top + px(cs.borderTopWidth) + px(cs.paddingTop),
                r.width - px(cs.borderLeftWidth) - px(cs.paddingLeft) - px(cs.borderRightWidth) - px(cs.paddingRight),
                r.height - px(cs.borderTopWidth) - px(cs.paddingTop) - px(cs.borderBottomWidth) - px(cs.paddingBottom)],
      lineHeight: px(cs.lineHeight), lines, radius: px(cs.borderTopLeftRadius),
      scroll: [el.scrollLeft, el.scrollTop], inline: cs.display === "inline",
    };
  }
  return out;
}"""


@pytest.fixture(scope="module")
def chromium():
    with gfpage.PageBrowser() as browser:
        yield browser


@pytest.fixture(scope="module")
def feed(chromium):
    if FEED is None:
        pytest.skip("examples/pages/feed.html not found (tests run outside the repository)")
    page = chromium.open(FEED)
    try:
        tree = chromium.walk(page)
        geometry = page.evaluate(GEOMETRY)
    finally:
        page.close()
    return tree, geometry


def absolute(tree):
    """{id: (node, absolute frame)} of the root's nodes (parents' origins added, their content
    offsets taken off), and of every cell template's nodes in the template's own coordinates."""
    out = {}

    def walk(nodes, ox, oy, where):
        for node in nodes:
            x, y, w, h = node["frame"]
            out[node["id"]] = (node, (ox + x, oy + y, w, h), where)
            dx, dy = node.get("contentOffset", [0, 0])
            walk(node.get("children", []), ox + x - dx, oy + y - dy, where)

    walk([tree["root"]], 0.0, 0.0, "root")
    for name, cell in tree.get("cells", {}).items():
        walk(cell.get("children", []), 0.0, 0.0, name)
    return out


def close(a, b, tol=TOL):
    return all(abs(p - q) <= tol for p, q in zip(a, b)) and len(a) == len(b)


def test_feed_maps_each_element_to_its_kind(feed):
    tree, _ = feed
    nodes = absolute(tree)
    kinds = {i: nodes[i][0]["type"] for i in nodes}
    assert kinds["avatar"] == "image" and kinds["thumb-1"] == "image"  # <img>, a background image
    assert kinds["name"] == "label" and kinds["bio"] == "label" and kinds["title-1"] == "label"
    assert kinds["follow"] == "button" and kinds["search"] == "textField"
    assert kinds["feed"] == "table" and kinds["chips"] == "collection"
    for left_out in ("banner", "gone", "unseen", "far", "nothing", "story-2", "title-2"):
        assert left_out not in nodes, left_out  # ignore, display:none, hidden, off-viewport, zero-size, rows 2+
    assert not any(n[0]["type"] == "label" and n[0]["frame"][1] > 280 and n[2] == "root" and n[0]["frame"][1] < 306
                   for n in nodes.values()), "the visibility:hidden text made a label"
    gf.skeleton(tree)  # the library takes it


def test_every_frame_is_the_browsers_geometry(feed):
    tree, dom = feed
    nodes = absolute(tree)
    checked = 0
    for node_id, (node, frame, where) in nodes.items():
        if node_id not in dom or node_id == "page":
            continue
        g = dom[node_id]
        if where != "root":  # a template: in the first item's coordinates (rows as wide as the list)
            list_node = next(n for n, f, w in nodes.values() if n.get("sections") and n["sections"][0]["cell"] == where)
            list_box = dom[list_node["id"]]["box"]
            first = dom[{"feed/cell": "story-1", "chips/cell": "chip-1"}[where]]["box"]
            origin = (list_box[0], first[1]) if list_node["type"] == "table" else (first[0], first[1])
            frame = (frame[0] + origin[0], frame[1] + origin[1], frame[2], frame[3])
        if node["type"] != "label":
            assert close(frame, g["box"]), (node_id, frame, g["box"])
        else:
            content = g["box"] if g["inline"] else g["content"]  # an inline box has no line boxes of its own
            assert close((frame[1], frame[3]), (content[1], content[3])), (node_id, frame, content)
            if len(g["lines"]) > 1:
                assert close((frame[0], frame[2]), (content[0], content[2])), (node_id, frame, content)
            else:  # one line: the text's own extent
                left, right = g["lines"][0]
                assert close((frame[0], frame[2]), (left, right - left)), (node_id, frame, g["lines"])
            assert node.get("lines", 1) == len(g["lines"]), node_id
        if node.get("cornerRadius") is not None:
            assert abs(node["cornerRadius"] - min(g["radius"], g["box"][2] / 2, g["box"][3] / 2)) <= TOL, node_id
        checked += 1
    assert checked >= 13, checked  # avatar ... meta-1: every element node of the page
    assert nodes["chips"][0]["contentOffset"] == dom["chips"]["scroll"] == [40, 0]
    assert nodes["avatar"][0]["cornerRadius"] == 24 and nodes["follow"][0]["cornerRadius"] == 8


def _bones(scene, t=0.0):
    states = scene.sample(t)
    rows = list(states.tolist()) if hasattr(states, "tolist") else [tuple(s) for s in states]
    layers = json.loads(scene.to_json())["layers"]
    ids = {scene.layer(layer["id"]): layer["id"] for layer in layers}
    return [(ids[int(r[0])], (float(r[4]), float(r[5]), float(r[6]), float(r[7]))) for r in rows
            if ids[int(r[0])].startswith("bone:")]


def _at(bones, x, y):
    return [b for b in bones if abs(b[1][0] - x) <= TOL and abs(b[1][1] - y) <= TOL]


def test_bones_follow_the_rules_from_the_browsers_frames(feed):
    tree, dom = feed
    bones = _bones(gf.skeleton(tree))
    # an image's bone is its frame
    x, y, w, h = dom["avatar"]["box"]
    assert [b[1] for b in _at(bones, x, y)] == [pytest.approx((x, y, w, h), abs=TOL)]
    # a one-line label: a bar 0.75 of its line height, as wide as its text
    x, y, w, h = dom["name"]["content"]
    left, right = dom["name"]["lines"][0]
    (bar,) = _at(bones, left, y)
    assert bar[1] == pytest.approx((left, y, right - left, 0.75 * dom["name"]["lineHeight"]), abs=TOL)
    # data-skeleton-adjust="reducedWidth(10)" on the handle
    left, right = dom["handle"]["lines"][0]
    (bar,) = _at(bones, left, dom["handle"]["box"][1])
    assert bar[1][2] == pytest.approx(right - left - 10, abs=TOL)
    # the bio: one bar per line at its line's top, 0.75 of the line height, as wide as that line
    pitch = dom["bio"]["lineHeight"]
    x, y = dom["bio"]["content"][:2]
    for k, (left, right) in enumerate(dom["bio"]["lines"]):
        (line,) = _at(bones, x, y + k * pitch)
        assert line[1][2:] == pytest.approx((right - left, 0.75 * pitch), abs=TOL), (k, line)
        assert ":line:" in line[0]
    # the list: rows where the browser put its items, then filling the visible height
    rows = [i for i in gf.layout(tree) if i.kind == "row" and i.clip[3] > 0]
    feed_box = dom["feed"]["box"]
    for k, row in enumerate(rows):
        item = dom.get(f"story-{k + 1}")
        if item is not None:
            assert close(row.frame, (feed_box[0], item["box"][1], feed_box[2], item["box"][3])), (k, row.frame)
    pitch = dom["story-2"]["box"][1] - dom["story-1"]["box"][1]
    expected = math.ceil((667 - dom["story-1"]["box"][1]) / pitch)
    assert len(rows) == expected and rows[-1].frame[1] < 667 <= rows[-1].frame[1] + pitch
    thumbs = [b for b in bones if abs(b[1][0] - dom["thumb-1"]["box"][0]) <= TOL and b[1][2:] == (72.0, 72.0)]
    assert len(thumbs) == expected  # every visible row has its thumbnail's bone


SMALL = """<!DOCTYPE html><html><head><style>
body { margin: 0; font: 14px/20px "DejaVu Sans", sans-serif; }
div, a, p, input, textarea, select, svg, canvas, video { display: block; margin: 4px; }
.b { padding: 4px 8px; background: #3478f6; color: white; width: 80px; }
.bg { width: 40px; height: 40px; background-image: linear-gradient(#fff, #000); }
.rows > div { height: 30px; background: #eeeeee; }
</style></head><body>
<input id="in" value="x"><textarea id="ta"></textarea><select id="sel"><option>a</option></select>
<a id="link" class="b" href="#">Go</a><div id="rb" role="button" style="width:60px;height:20px">Tap</div>
<svg id="svg" width="30" height="30"></svg><canvas id="cv" width="30" height="20"></canvas>
<video id="vid" width="40" height="20"></video><div id="bg" class="bg"></div>
<div id="forced" data-skeleton-kind="image" style="width:50px;height:10px"><span>x</span></div>
<p id="two" data-skeleton-lines="2" style="width:200px">One line of text</p>
<div id="blk" data-skeleton="block" style="width:90px;background:#eee"><p>a</p><p>b</p></div>
<iframe id="frame" style="width:100px;height:30px;border:0"></iframe>
<div id="rows" class="rows"><div></div><div></div><div></div></div>
</body></html>"""


def test_kinds_and_attributes_on_a_small_page(chromium, tmp_path):
    path = tmp_path / "small.html"
    path.write_text(SMALL, encoding="utf-8")
    tree = chromium.tree(str(path), viewport=(400, 900), style={"animation": "shimmer"})
    nodes = {i: n for i, (n, _, _) in absolute(tree).items()}
    expected = {"in": "textField", "ta": "textField", "sel": "textField", "link": "button", "rb": "button",
                "svg": "image", "cv": "image", "vid": "image", "bg": "image", "forced": "image",
                "two": "label", "blk": "view", "frame": "view", "rows": "table"}
    assert {i: nodes[i]["type"] for i in expected} == expected
    assert nodes["two"]["lines"] == 2 and nodes["blk"]["skeleton"] == "block" and nodes["frame"]["skeleton"] == "block"
    assert "children" not in nodes["forced"] or all(c["type"] == "label" for c in nodes["forced"]["children"])
    assert tree["style"] == {"animation": "shimmer"} and tree["viewport"] == [400, 900]
    gf.skeleton(tree)


def test_bad_attributes_and_sources_are_refused(chromium, tmp_path):
    path = tmp_path / "bad.html"
    path.write_text('<div id="x" data-skeleton-kind="picture" style="width:9px;height:9px"></div>', encoding="utf-8")
    with pytest.raises(gf.InvalidArgumentError, match='data-skeleton-kind="picture"'):
        chromium.tree(str(path))
    with pytest.raises(gfpage.PageLoadError, match="no such file"):
        chromium.tree(str(tmp_path / "missing.html"))
    with pytest.raises(gf.InvalidArgumentError):
        chromium.tree(str(path), viewport=(0, 10))
    with pytest.raises(gf.ArgumentTypeError):
        chromium.tree(str(path), viewport="375x667")
    with pytest.raises(gf.MissingDependencyError):
        gfpage.find_browser("no-such-browser-here")


def _cli(*args, cwd=None):
    env = dict(os.environ)
    package = os.path.dirname(os.path.dirname(os.path.abspath(gf.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package, env.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, "-m", "ghostframe", "page", *args], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120)


def test_command_writes_the_tree_and_fails_in_one_line(feed, tmp_path):
    out = tmp_path / "tree.json"
    done = _cli(FEED, "-o", str(out), "--viewport", "375,667", "--style", '{"animation": "shimmer"}')
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"wrote {out}")
    written = json.loads(out.read_text())
    assert written["style"] == {"animation": "shimmer"}
    assert written["root"] == feed[0]["root"] and written["cells"] == feed[0]["cells"]
    for bad, says in (([str(tmp_path / "nope.html"), "-o", str(out)], "no such file"),
                      ([FEED, "-o", str(out), "--style", "{"], "--style is not JSON"),
                      ([FEED, "-o", str(tmp_path / "no" / "t.json")], "no such folder")):
        done = _cli(*bad)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stderr.startswith("ghostframe page: ") and says in done.stderr, done.stderr
    if not hasattr(gf.Scene, "to_html"):
        done = _cli(FEED, "-o", str(out), "--html", str(tmp_path / "shell.html"))
        assert done.returncode == 2 and "Scene.to_html" in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.skipif(not hasattr(gf.Scene, "to_html"), reason="the exporters (Scene.to_html) are not in this build")
def test_html_shell_looks_like_the_preview(chromium, feed, tmp_path):
    import _live_hosts as live
    from PIL import Image

    tree_path, shell = tmp_path / "tree.json", tmp_path / "shell.html"
    done = _cli(FEED, "-o", str(tree_path), "--html", str(shell), "--style", '{"animation": "none"}')
    assert done.returncode == 0, done.stderr
    chromium.screenshot(str(shell), tmp_path / "shell.png")
    host = Image.open(tmp_path / "shell.png").convert("RGB")
    reference = live.reference_frame(str(tree_path), 0.0, str(tmp_path / "preview.png"))
    rects = [(n, r) for n, r, _ in live.bone_rects(str(tree_path), 0.0)]
    result = live.compare(host, reference, rects, mean_tolerance=2.0, fraction=0.01)
    print(result)
