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


# ---------------------------------------------------------------------------------------
# The output's extension chooses the format (issue 30, point 2)
# ---------------------------------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _frames(path):
    """(Pillow's format, the frames as RGB images, their durations in ms) of an image file."""
    with Image.open(path) as image:
        frames, durations = [], []
        for k in range(getattr(image, "n_frames", 1)):
            image.seek(k)
            frames.append(image.convert("RGB"))
            durations.append(image.info.get("duration"))
        return image.format, frames, durations


def _is_animated_png(data: bytes) -> bool:
    """A PNG whose acTL chunk (the APNG animation control) comes before its first IDAT."""
    return data.startswith(PNG_SIGNATURE) and 0 < data.find(b"acTL") < data.find(b"IDAT")


@pytest.mark.parametrize("name, magic, pillow_format", [
    ("out.gif", lambda d: d[:6] == b"GIF89a", "GIF"),
    ("out.GIF", lambda d: d[:6] == b"GIF89a", "GIF"),
    ("out.apng", _is_animated_png, "PNG"),
    # RIFF....WEBP, the extended header (VP8X) with its animation flag, then the ANIM chunk
    ("out.webp", lambda d: d[:4] == b"RIFF" and d[8:16] == b"WEBPVP8X" and d[20] & 0x02 and d[30:34] == b"ANIM",
     "WEBP"),
])
def test_the_extension_chooses_the_format(tree_file, tmp_path, name, magic, pillow_format):
    """The written bytes are the format the extension names (its magic bytes and Pillow's
    reading), with every frame: 10 distinct frames of 100 ms at 10 fps, each the renderer's
    frame at i / 10 exactly (GIF's palette is exact for a skeleton's few colours; APNG and
    WebP are lossless)."""
    import ghostframe as gf
    from ghostframe.preview import Renderer

    out = tmp_path / name
    proc = run("preview", tree_file, "-o", out, "--fps", 10, "--duration", 1)
    assert proc.returncode == 0, proc.stderr
    assert magic(out.read_bytes()), out.read_bytes()[:40]
    kind, frames, durations = _frames(out)
    assert kind == pillow_format and len(frames) == 10
    assert [round(d) for d in durations] == [100] * 10
    renderer = Renderer(gf.skeleton(TREE))
    for i, frame in enumerate(frames):
        assert frame.tobytes() == renderer.render(i / 10).tobytes(), i


def test_an_mp4_video(tree_file, tmp_path):
    """H.264 in an MP4 container: 10 frames over 1 s; an odd height (101 px at --scale 1.01) is
    padded to 102 with the background; each decoded frame within a mean of 1.5 (at most 16) per
    channel of the renderer's frame (lossy video; measured 0.35 and 3)."""
    imageio_ffmpeg = pytest.importorskip("imageio_ffmpeg")
    np = pytest.importorskip("numpy")
    import ghostframe as gf
    from ghostframe.preview import Renderer

    out = tmp_path / "out.mp4"
    proc = run("preview", tree_file, "-o", out, "--fps", 10, "--duration", 1, "--scale", 1.01)
    assert proc.returncode == 0, proc.stderr
    data = out.read_bytes()
    assert data[4:8] == b"ftyp"
    assert imageio_ffmpeg.count_frames_and_secs(str(out)) == (10, 1.0)
    reader = imageio_ffmpeg.read_frames(str(out))
    meta = next(reader)
    assert tuple(meta["size"]) == (122, 102) and meta["fps"] == 10
    renderer = Renderer(gf.skeleton(TREE), scale=1.01)
    decoded = 0
    for i, raw in enumerate(reader):
        frame = np.frombuffer(raw, np.uint8).reshape(102, 122, 3).astype(int)
        expected = np.asarray(renderer.render(i / 10)).astype(int)
        difference = np.abs(frame[:101] - expected)
        assert difference.mean() < 1.5 and difference.max() <= 16, (i, difference.mean(), difference.max())
        assert np.abs(frame[101] - 255).max() <= 3  # the padding row: the white background
        decoded += 1
    assert decoded == 10


def test_mp4_without_imageio_ffmpeg_names_the_extra(tree_file, tmp_path):
    (tmp_path / "imageio_ffmpeg.py").write_text("raise ImportError('imageio-ffmpeg hidden by the test')\n")
    env = subprocess_env(PYTHONWARNINGS="ignore")
    env["PYTHONPATH"] = str(tmp_path) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = subprocess.run([sys.executable, "-m", "ghostframe", "preview", str(tree_file), "-o",
                           str(tmp_path / "x.mp4")], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [
        "ghostframe preview: writing .mp4 needs imageio-ffmpeg, the video extra: pip install 'ghostframe[video]'"]
    assert not (tmp_path / "x.mp4").exists()


def test_an_ffmpeg_failure_is_one_line_and_leaves_no_file(tree_file, tmp_path):
    # An imageio_ffmpeg whose ffmpeg complains on stderr and exits 1, ahead of the real one on the path.
    fake = tmp_path / "ffmpeg"
    fake.write_text("#!/bin/sh\ncat >/dev/null\necho 'first line' >&2\necho 'Encoder libx264 not found' >&2\nexit 1\n")
    fake.chmod(0o755)
    (tmp_path / "imageio_ffmpeg.py").write_text(f"def get_ffmpeg_exe():\n    return {str(fake)!r}\n")
    env = subprocess_env(PYTHONWARNINGS="ignore")
    env["PYTHONPATH"] = str(tmp_path) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    out = tmp_path / "x.mp4"
    proc = subprocess.run([sys.executable, "-m", "ghostframe", "preview", str(tree_file), "-o", str(out),
                           "--fps", "5"], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [
        f"ghostframe preview: {out}: ffmpeg could not write the video: Encoder libx264 not found"]
    assert not out.exists()


@pytest.mark.parametrize("name, options, message", [
    ("x.jpg", [], "x.jpg: unknown extension '.jpg': write .gif, .apng, .webp or .mp4 for the animation, "
                  "or .png for one frame (--at T) or a strip (--strip N)"),
    ("x", [], "x: no extension: write .gif"),
    ("x.png", [], "x.png: a .png is one still image: give --at T for the frame at T or --strip N for a strip"),
    ("x.gif", ["--at", "0.5"], "x.gif: one frame or a strip is a still image: write .png (.gif is for the animation)"),
    ("x.webp", ["--strip", "3"], "write .png (.webp is for the animation)"),
])
def test_a_wrong_extension_is_one_line_and_exit_2(tree_file, tmp_path, name, options, message):
    proc = run("preview", tree_file, "-o", name, *options, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ghostframe preview: ") and message in lines[0], lines
    assert not (tmp_path / name).exists()


def test_the_python_function_takes_the_same_rule(tmp_path):
    import ghostframe as gf
    from ghostframe.preview import preview

    with pytest.raises(gf.InvalidArgumentError, match="give at=T for the frame at T or strip=N"):
        preview(TREE, tmp_path / "x.png")
    with pytest.raises(gf.InvalidArgumentError, match="unknown extension '.bmp'"):
        preview(TREE, tmp_path / "x.bmp")
    result = preview(TREE, tmp_path / "x.apng", fps=10, duration=0.5)
    assert result.kind == "apng" and result.document == "tree" and result.frames == 5
    assert _is_animated_png((tmp_path / "x.apng").read_bytes())


# ---------------------------------------------------------------------------------------
# Any of the three documents (issue 30, point 2)
# ---------------------------------------------------------------------------------------

BLUE = (0x3F, 0x51, 0xB5)
STAGE = {"format": "ghostframe-scene", "version": 1,
         "layers": [{"id": "box", "frame": [0, 0, 40, 20], "backgroundColor": "#3F51B5"}]}
#: The box fading out linearly over 1 s, and staying out.
SCENE = {**STAGE, "animations": [{"layer": "box", "type": "basic", "keyPath": "opacity", "from": 1, "to": 0,
                                  "timing": {"duration": 1, "fill": "forwards"}, "removedOnCompletion": False}]}
TIMELINE = {"definitions": {"fade": {"curve": "linear", "changes": {"opacity": -1}}},
            "timeline": {"sequence": [{"anim": "fade", "layers": ["box"], "duration": 1}]}}


def _blend(opacity):
    """The box's colour at ``opacity`` over white, as the renderer rounds it (within 1)."""
    return tuple(c * opacity + 255 * (1 - opacity) for c in BLUE)


def _check_fade(path, at_quarter):
    """A 1 s fade and 0.5 s at rest: the first frame the box, the last all white, 1.5 s in all;
    ``at_quarter``, the --at 0.25 PNG, the box at opacity 0.75."""
    kind, frames, durations = _frames(path)
    assert sum(durations) == pytest.approx(1500, abs=1)  # the whole animation and REST
    assert frames[0].size == (40, 20) and frames[0].getpixel((20, 10)) == BLUE
    assert frames[-1].getcolors() == [(40 * 20, (255, 255, 255))]  # at rest: faded out
    with Image.open(at_quarter) as image:
        pixel = image.convert("RGB").getpixel((20, 10))
    assert all(abs(p - e) <= 1 for p, e in zip(pixel, _blend(0.75))), pixel


def test_a_scene(tmp_path):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    proc = run("preview", path, "-o", tmp_path / "scene.gif", "--fps", 10)
    assert proc.returncode == 0, proc.stderr
    assert run("preview", path, "-o", tmp_path / "q.png", "--at", 0.25).returncode == 0
    _check_fade(tmp_path / "scene.gif", tmp_path / "q.png")


def test_a_timeline_on_its_stage(tmp_path):
    path = tmp_path / "fade.json"
    path.write_text(json.dumps(TIMELINE))
    proc = run("preview", path, "-o", tmp_path / "fade.apng", "--fps", 10)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [
        f"ghostframe preview: {path}: a timeline is drawn on its stage, the scene whose layers it animates: "
        f"no {tmp_path / 'stages' / 'fade.json'}; give one (stage=, or --stage SCENE.json)"]
    (tmp_path / "stage.json").write_text(json.dumps(STAGE))
    proc = run("preview", path, "-o", tmp_path / "fade.apng", "--fps", 10, "--stage", tmp_path / "stage.json")
    assert proc.returncode == 0, proc.stderr
    (tmp_path / "stages").mkdir()
    (tmp_path / "stages" / "fade.json").write_text(json.dumps(STAGE))
    proc = run("preview", path, "-o", tmp_path / "q.png", "--at", 0.25)  # the stage beside it
    assert proc.returncode == 0, proc.stderr
    _check_fade(tmp_path / "fade.apng", tmp_path / "q.png")


@pytest.mark.parametrize("options, message", [
    (["--layout"], "--layout draws a view tree's real views, and this is a scene"),
    (["--end-at", "1"], "--end-at fades a skeleton out, and this is a scene"),
])
def test_tree_options_refuse_a_scene(tmp_path, options, message):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    proc = run("preview", path, "-o", tmp_path / "x.gif", *options)
    assert proc.returncode == 2 and proc.stderr.splitlines() == [f"ghostframe preview: {path}: {message}"]


def test_not_a_document_says_which_it_takes(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"type": "FeatureCollection"}))
    proc = run("preview", path, "-o", tmp_path / "x.gif")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [
        f"ghostframe preview: {path}: not a Ghostframe document: an object without those keys; Ghostframe takes "
        'a view tree (with "root"), a scene (with "format": "ghostframe-scene") or a timeline (with "timeline", '
        "played on its stage)"]


# ---------------------------------------------------------------------------------------
# The packaged examples by name (issue 30, point 2)
# ---------------------------------------------------------------------------------------


def test_examples_by_name_from_any_folder(tmp_path):
    proc = run("preview", "feed", "-o", "feed.gif", "--fps", 5, "--duration", 0.4, "--scale", 0.25, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    kind, frames, durations = _frames(tmp_path / "feed.gif")
    assert kind == "GIF" and frames[0].size == (94, 167) and sum(durations) == 400
    proc = run("preview", "staggers", "-o", "staggers.webp", "--fps", 10, "--scale", 0.25, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr  # a timeline: its stage comes with it
    kind, frames, durations = _frames(tmp_path / "staggers.webp")
    # its 360 x 120 stage at a quarter; the timeline's 3.1 s (GSAP's distribution) and the 0.5 s
    # rest, 36 frames at 10 fps
    assert kind == "WEBP" and frames[0].size == (90, 30) and sum(durations) == pytest.approx(3600, abs=1)


def test_a_file_of_that_name_comes_first(tmp_path):
    (tmp_path / "feed").write_text(json.dumps(TREE))
    proc = run("preview", "feed", "-o", "x.gif", "--fps", 5, "--duration", 0.4, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert _frames(tmp_path / "x.gif")[1][0].size == (120, 100)  # the file's 120 x 100, not the example's


def test_an_unknown_name_lists_the_examples(tmp_path):
    from ghostframe.__main__ import _example_documents

    proc = run("preview", "fed", "-o", "x.gif", cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    names = ", ".join(_example_documents())
    assert proc.stderr.splitlines() == [
        f"ghostframe preview: fed: no such file, nor a packaged example (the examples: {names})"]


@pytest.mark.parametrize("command", [[], ["preview"]])
def test_help_lists_the_packaged_examples(command):
    from ghostframe.__main__ import _example_documents

    proc = run(*command, "--help")
    assert proc.returncode == 0
    listing = proc.stdout.split("packaged examples (give the name instead of a file):\n", 1)[1].split("\n\n")[0]
    listed = [name.strip() for line in listing.splitlines() for name in line.split(":")[-1].split(",")]
    assert sorted(listed) == sorted(_example_documents()) and len(listed) >= 15


def _help_examples(command):
    """The example command lines of ``ghostframe [command] --help``."""
    proc = run(*command, "--help")
    block = proc.stdout.split("\nexamples:\n", 1)[1]
    block = block.split("\n\n")[0]
    return [line.split()[1:] for line in block.splitlines() if line.startswith("  ghostframe ")]


@pytest.mark.parametrize("command", [[], ["preview"]])
def test_help_examples_work_as_written(tmp_path, command):
    """Every example of --help runs from an empty folder outside the checkout (with a lower
    frame rate, scale and duration appended, for speed) and writes what it names."""
    examples = _help_examples(command)
    assert len(examples) >= 5
    for args in examples:
        if "-o" not in args:
            continue
        output = args[args.index("-o") + 1]
        if output.endswith(".mp4"):
            pytest.importorskip("imageio_ffmpeg")
        quick = ["--fps", "2", "--scale", "0.1", "--duration", "0.5"]
        proc = run(*args, *quick, cwd=tmp_path)
        assert proc.returncode == 0, (args, proc.stderr)
        written = tmp_path / output
        if args[0] == "gallery":  # each tree and timeline, the chain, the preload overlay, pull-to-refresh
            from ghostframe.__main__ import _example_documents

            drawn = [name for name, (folder, _) in _example_documents().items() if folder != "scenes"]
            assert len(list(written.glob("*.gif"))) == len(drawn) + 3 >= 14, args
        else:
            assert written.is_file() and written.stat().st_size > 0, args
