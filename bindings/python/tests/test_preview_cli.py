"""``python3 -m ghostframe``: preview, gallery, --version, and the exit status of bad input."""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys

import pytest

from _support import CLI_TREE as TREE, find_repository, subprocess_env

pytest.importorskip("PIL")
from PIL import Image  # noqa: E402


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ghostframe", *map(str, args)], capture_output=True, text=True,
                          env=subprocess_env(PYTHONWARNINGS="ignore"), cwd=cwd, timeout=300)


@pytest.fixture
def tree_file(tmp_path):
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(TREE))
    return path


def _gif_frames(path):
    with Image.open(path) as image:
        durations = []
        for k in range(image.n_frames):
            image.seek(k)
            durations.append(image.info["duration"])
        return image.size, durations


def test_preview_writes_a_gif(tree_file, tmp_path):
    out = tmp_path / "out.gif"
    proc = run("preview", tree_file, "-o", out, "--fps", 10, "--duration", 1)
    assert proc.returncode == 0, proc.stderr
    assert f"wrote {out}" in proc.stdout and "10 frames" in proc.stdout
    size, durations = _gif_frames(out)
    # the bar stretches for 0.5 s and back, so no two consecutive frames are alike (none merged)
    assert size == (120, 100) and durations == [100] * 10


def test_preview_default_duration_is_one_cycle(tree_file, tmp_path):
    out = tmp_path / "cycle.gif"
    proc = run("preview", tree_file, "-o", out, "--scale", 2)
    assert proc.returncode == 0, proc.stderr
    size, durations = _gif_frames(out)
    assert size == (240, 200) and sum(durations) == 1000  # 1 s: 0.5 s out and back, at 20 fps


def test_preview_strip(tree_file, tmp_path):
    out = tmp_path / "strip.png"
    proc = run("preview", tree_file, "-o", out, "--strip", 5, "--layout")
    assert proc.returncode == 0, proc.stderr
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size == (5 * 120, 100)


def test_preview_at_writes_one_frame(tree_file, tmp_path):
    """--at T: the one frame at T as a PNG, the same pixels as the Renderer's frame at T (what a
    live host's screenshot is compared with); --at and --strip together are refused."""
    import ghostframe as gf
    from ghostframe.preview import Renderer

    out = tmp_path / "frame.png"
    proc = run("preview", tree_file, "-o", out, "--at", 0.25)
    assert proc.returncode == 0, proc.stderr
    assert "the frame at 0.25 s" in proc.stdout
    expected = Renderer(gf.skeleton(TREE)).render(0.25)
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size == (120, 100)
        assert image.convert("RGB").tobytes() == expected.tobytes()
        assert image.convert("RGB").tobytes() != Renderer(gf.skeleton(TREE)).render(0.0).tobytes()  # it moved
    proc = run("preview", tree_file, "-o", out, "--at", 0.25, "--strip", 2)
    assert proc.returncode == 2 and "--at and --strip" in proc.stderr


def test_preview_end_at(tree_file, tmp_path):
    out = tmp_path / "end.gif"
    proc = run("preview", tree_file, "-o", out, "--end-at", 0.2, "--fps", 10, "--no-numpy")
    assert proc.returncode == 0, proc.stderr
    size, durations = _gif_frames(out)
    assert sum(durations) == 700  # until 0.5 s after the end
    with Image.open(out) as image:
        image.seek(image.n_frames - 1)
        assert image.convert("RGB").getcolors() == [(120 * 100, (255, 255, 255))]  # faded out


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda t: t["root"]["children"][0].update(fram=[1, 2, 3, 4]), "root.children[0].fram: unknown key 'fram'"),
        (lambda t: t["style"].update(animation="bin"), "style.animation: unknown animation 'bin'"),
        (lambda t: t.update(adjust=["animation(0).dwn(1)"]), "adjust[0], column 14: unknown modifier 'dwn'"),
    ],
)
def test_bad_tree_exits_2_with_the_message(tmp_path, change, message):
    tree = json.loads(json.dumps(TREE))
    change(tree)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(tree))
    proc = run("preview", path, "-o", tmp_path / "x.gif")
    assert proc.returncode == 2
    assert message in proc.stderr and str(path) in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert not (tmp_path / "x.gif").exists()


def test_not_json_exits_2(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"viewport": [1, 2],}')
    proc = run("preview", path, "-o", tmp_path / "x.gif")
    assert proc.returncode == 2 and "line 1, column 21" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["preview", "missing.json", "-o", "x.gif"], "missing.json: no such file"),
        (["preview", "{tree}", "-o", "{tmp}/no/such/dir/x.gif"], "no such folder"),
        (["preview", "{tree}"], "required: -o"),
        (["preview", "{tree}", "-o", "x.gif", "--fps", "0"], "--fps must be > 0"),
        (["preview", "{tree}", "-o", "x.gif", "--strip", "two"], "--strip must be a number"),
        (["preview", "{tree}", "-o", "x.gif", "--end-at", "-1"], "must be >= 0"),
        (["frobnicate"], "invalid choice"),
        ([], "usage:"),
    ],
)
def test_bad_usage_exits_2(tmp_path, tree_file, args, message):
    proc = run(*[a.format(tree=tree_file, tmp=tmp_path) for a in args], cwd=tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_version():
    import ghostframe

    proc = run("--version")
    assert proc.returncode == 0 and proc.stdout.startswith(f"ghostframe {ghostframe.__version__}")


def test_help_lists_the_options():
    proc = run("preview", "--help")
    assert proc.returncode == 0
    for option in ("--scale", "--fps", "--duration", "--layout", "--strip", "--end-at", "-o"):
        assert option in proc.stdout


def test_gallery_renders_every_example(tmp_path):
    repo = find_repository()
    trees = sorted(glob.glob(os.path.join(repo, "examples", "trees", "*.json"))) if repo else []
    if not trees:
        pytest.skip("examples/trees not found")
    out = tmp_path / "gallery"
    # small and short, so the test stays quick; `make demo` renders the real thing
    proc = run("gallery", "-o", out, "--fps", 5, "--duration", 0.4, "--scale", 0.25, cwd=repo)
    assert proc.returncode == 0, proc.stderr
    names = sorted(os.path.splitext(os.path.basename(p))[0] for p in trees)
    timelines = sorted(os.path.splitext(os.path.basename(p))[0]
                       for p in glob.glob(os.path.join(repo, "examples", "timelines", "*.json")))
    motion = [f"timeline-{name}" for name in timelines] + ["chain-oneliner", "preload", "pull-to-refresh"]
    assert sorted(p.stem for p in out.glob("*.gif")) == sorted(names + motion)
    for name in names:
        size, durations = _gif_frames(out / f"{name}.gif")
        assert size == (94, 167) and sum(durations) == 400, name  # 375 x 667 at a quarter
    # A timeline's GIF lasts the whole timeline and half a second of rest, at the frame rate
    # given (--duration is the skeletons' cycle, not a timeline's): the seed's array timeline is
    # 0.6 + 0.2 + 0.2 = 1 s, so 1.5 s at 5 fps, 8 frames of 200 ms (Pillow may merge equal ones).
    size, durations = _gif_frames(out / "timeline-seed-array.gif")
    assert size == (90, 60) and sum(durations) == 1600  # its 360 x 240 stage at a quarter
    # Pull-to-refresh: its 240 x 160 pull area at a quarter; the script's 4.2 s and the rest.
    size, durations = _gif_frames(out / "pull-to-refresh.gif")
    assert size == (60, 40) and sum(durations) == 4800  # 4.7 s at 5 fps: 24 frames of 200 ms
    assert f"wrote {len(names) + len(motion)} GIFs" in proc.stdout and str(out) in proc.stdout


def test_gallery_without_timelines(tmp_path):
    repo = find_repository()
    if not repo:
        pytest.skip("the repository's examples not found")
    out = tmp_path / "gallery"
    proc = run("gallery", "-o", out, "--fps", 2, "--duration", 0.5, "--scale", 0.1, "--timelines", "none", cwd=repo)
    assert proc.returncode == 0, proc.stderr
    assert not list(out.glob("timeline-*.gif")) and not list(out.glob("chain-*.gif"))
    proc = run("gallery", "-o", out, "--timelines", tmp_path / "missing", cwd=repo)
    assert proc.returncode == 2 and "no such folder" in proc.stderr


def test_gallery_names_a_bad_tree(tmp_path):
    trees = tmp_path / "trees"
    trees.mkdir()
    (trees / "good.json").write_text(json.dumps(TREE))
    (trees / "zbad.json").write_text(json.dumps({"viewport": [10, 10]}))
    proc = run("gallery", "--trees", trees, "-o", tmp_path / "out", "--fps", 5, "--duration", 0.2)
    assert proc.returncode == 2 and "zbad.json: $: missing required key 'root'" in proc.stderr and "Traceback" not in proc.stderr
    proc = run("gallery", "--trees", tmp_path / "nothing", "-o", tmp_path / "out")
    assert proc.returncode == 2 and "no such folder" in proc.stderr
