"""Issue 32: Scene.to_lottie / to_html / to_svg / export, gf_scene_export through ctypes, and
`ghostframe export`: the contract's names and defaults, the official Lottie schema and python-lottie
on every example, the sizes the issue states, the errors (one line, exit 2 on the command line)."""

from __future__ import annotations

import gc
import inspect
import json
import math
import os
import xml.etree.ElementTree as ElementTree

import pytest

import ghostframe as gf
from ghostframe.__main__ import main

import _export_players as players
from _support import bezier

CASES = players.cases(palette=False)
EDGES = [(name, make) for name, make, _, _ in players.edge_cases()]
FEED = os.path.join(players.EXAMPLES, "trees", "feed.json")


@pytest.fixture(autouse=True, scope="module")
def _no_garbage_left():
    """Scenes kept alive by cycles (a raised exception's traceback holds its frames) are freed
    here, not by a collection at some later test's moment."""
    yield
    gc.collect()


def test_the_contract_signatures() -> None:
    assert str(inspect.signature(gf.Scene.to_lottie)) == "(self, duration: 'Optional[float]' = None, fps: 'float' = 60) -> 'str'"
    assert str(inspect.signature(gf.Scene.to_html)) == "(self, duration: 'Optional[float]' = None) -> 'str'"
    assert str(inspect.signature(gf.Scene.to_svg)) == "(self, duration: 'Optional[float]' = None) -> 'str'"


def _lottie_schema():
    jsonschema = pytest.importorskip("jsonschema")
    lottie_specs = pytest.importorskip("lottie_specs")
    path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(path, encoding="utf-8") as handle:
        schema = json.load(handle)
    return jsonschema.validators.validator_for(schema)(schema)


@pytest.mark.parametrize("name,make", CASES + EDGES, ids=[c[0] for c in CASES + EDGES])
def test_every_example_is_valid_lottie_and_loads_in_python_lottie(name, make) -> None:
    validator = _lottie_schema()
    lottie = pytest.importorskip("lottie")
    result = make().export("lottie")
    document = json.loads(result.text)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    assert not errors, f"{name}: {len(errors)} schema errors, first at {list(errors[0].absolute_path)}: {errors[0].message}"
    animation = lottie.objects.Animation.load(document)
    assert len(animation.layers) == len(document["layers"]) >= 1
    assert animation.frame_rate == result.fps == 60
    assert math.isclose(animation.out_point, result.duration * 60, abs_tol=1e-3)


def test_the_feed_skeleton_fits_the_stated_sizes_with_nothing_baked() -> None:
    scene = gf.skeleton(FEED)
    lottie, html = scene.export("lottie"), scene.export("html")
    assert len(lottie.text.encode()) <= 60_000
    assert len(html.text.encode()) <= 40_000
    # One seamless shimmer cycle, every animated property with the scene's own curve.
    assert lottie.duration == 1.5 and lottie.loops
    assert lottie.baked_properties == html.baked_properties == 0 and lottie.max_error == 0.0
    assert lottie.exact_properties > 0


def _shape_layers(document):
    """The shape layers of a Lottie document, its precompositions' (list clips) included."""
    comps = [document["layers"]] + [asset["layers"] for asset in document.get("assets", [])]
    return [layer for comp in comps for layer in comp if layer["ty"] == 4]


def test_a_shimmer_is_written_with_its_ease_in_curve() -> None:
    scene = gf.skeleton(FEED)
    document = json.loads(scene.to_lottie())
    gradient = [item for layer in _shape_layers(document) for item in layer["shapes"][0]["it"] if item["ty"] == "gf"]
    assert gradient, "no gradient fill"
    start = gradient[0]["s"]
    assert start["a"] == 1
    first, last = start["k"][0], start["k"][-1]
    # Core Animation's easeIn (0.42, 0, 1, 1) from frame 0 to 90 (1.5 s at 60 fps).
    assert (first["t"], last["t"]) == (0, 90)
    assert (first["o"]["x"], first["o"]["y"], first["i"]["x"], first["i"]["y"]) == (0.42, 0, 1, 1)
    # The values between, by an independent bezier, against the engine's sample.
    layer = next(l for l in _shape_layers(document) if any(i["ty"] == "gf" for i in l["shapes"][0]["it"]))
    index = scene.layer(layer["nm"])
    for t in (0.1, 0.55, 1.2):
        u = bezier(0.42, 0, 1, 1, t / 1.5)
        x = first["s"][0] + (last["s"][0] - first["s"][0]) * u
        state = scene.sample(t)[index]
        width = float(state[6])
        assert abs(x - float(state[16]) * width) < 2e-3


def test_html_and_svg_are_well_formed_and_state_reduced_motion() -> None:
    scene = gf.skeleton(FEED)
    html = scene.to_html()
    assert html.startswith("<!DOCTYPE html>") and "@media (prefers-reduced-motion: reduce)" in html
    assert "<script" not in html
    svg = scene.to_svg()
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall(".//{http://www.w3.org/2000/svg}title")) == len(scene)


def test_a_spring_is_approximated_with_its_error_reported() -> None:
    # A spring's motion has no closed form in either format: linear() points (CSS) or linear
    # keyframes through them (Lottie), within 0.1 % of the move, whatever the frame rate.
    _, make = next(c for c in CASES if c[0] == "chain-oneliner")
    result = make().export("lottie", fps=30)
    assert result.baked_properties >= 1
    assert 0.1 <= result.max_error <= 0.2  # points: 0.1 % of the 100 pt move, at most twice
    assert "animation-timing-function:linear(" in make().to_html()


def test_baking_finer_shrinks_the_error() -> None:
    # The staggers' overlapping additive scales: a sum no single curve states, sampled at fps.
    _, make = next(c for c in CASES if c[0] == "timeline-staggers")
    result = make().export("lottie", fps=30)
    assert result.baked_properties >= 1 and 0 < result.max_error < 5
    finer = make().export("lottie", fps=120)
    assert finer.max_error < result.max_error / 2  # the error shrinks with the square of fps


def test_duration_and_fps_are_honoured() -> None:
    scene = gf.skeleton(FEED)
    result = scene.export("lottie", duration=3, fps=25)
    document = json.loads(result.text)
    assert (document["fr"], document["op"], result.duration) == (25, 75, 3)


@pytest.mark.parametrize("kwargs,error", [
    ({"format": "gif"}, gf.InvalidArgumentError),
    ({"format": 3}, gf.ArgumentTypeError),
    ({"fps": 0}, gf.InvalidArgumentError),
    ({"fps": float("nan")}, gf.InvalidArgumentError),
    ({"fps": 1000}, gf.InvalidArgumentError),
    ({"duration": -1}, gf.InvalidArgumentError),
    ({"duration": float("inf")}, gf.InvalidArgumentError),
    ({"duration": "1"}, gf.ArgumentTypeError),
    ({"max_bytes": 100}, gf.LimitError),
    ({"max_bytes": 0}, gf.InvalidArgumentError),
    ({"duration": 3000, "fps": 240}, gf.LimitError),
])
def test_bad_arguments_raise_and_leave_the_scene_as_it_was(kwargs, error) -> None:
    with gf.skeleton(FEED) as scene:
        before = scene.to_json()
        with pytest.raises(error):
            scene.export(**kwargs)
        assert scene.to_json() == before


def test_an_empty_scene_is_refused() -> None:
    with gf.Scene() as scene, pytest.raises(gf.InvalidArgumentError, match="no layers"):
        scene.to_lottie()


def test_the_command_writes_every_format(tmp_path, capsys) -> None:
    out = {fmt: str(tmp_path / f"feed.{ext}") for fmt, ext in (("lottie", "json"), ("html", "html"), ("svg", "svg"))}
    status = main(["export", FEED, "--lottie", out["lottie"], "--html", out["html"], "--svg", out["svg"], "--fps", "30"])
    assert status == 0
    assert json.load(open(out["lottie"], encoding="utf-8"))["fr"] == 30
    assert open(out["html"], encoding="utf-8").read() == gf.skeleton(FEED).to_html()
    assert open(out["svg"], encoding="utf-8").read().startswith("<svg")
    assert capsys.readouterr().out.count("wrote ") == 3


def test_the_command_recognises_scenes_and_timelines(tmp_path) -> None:
    target = str(tmp_path / "out.json")
    for path in (os.path.join(players.EXAMPLES, "scenes", "chain.json"),
                 os.path.join(players.EXAMPLES, "timelines", "staggers.json")):
        assert main(["export", path, "--lottie", target]) == 0
        assert json.load(open(target, encoding="utf-8"))["layers"]


@pytest.mark.parametrize("argv,fragment", [
    (["export", "missing.json", "--lottie", "x.json"], "missing.json: no such file"),
    (["export", FEED], "nothing to write"),
    (["export", FEED, "--svg", "/no/such/folder/x.svg"], "no such folder"),
    (["export", FEED, "--lottie", "x.json", "--fps", "500"], "fps must be in (0, 240]"),
])
def test_the_command_fails_in_one_line(argv, fragment, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err and err.startswith("ghostframe export: ")


def test_the_command_refuses_a_document_it_does_not_know(tmp_path, capsys) -> None:
    path = tmp_path / "thing.json"
    path.write_text('{"hello": 1}', encoding="utf-8")
    assert main(["export", str(path), "--html", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert "not a Ghostframe document" in err and "a view tree" in err and err.count("\n") == 1
    path.write_text('[1, 2', encoding="utf-8")
    assert main(["export", str(path), "--html", str(tmp_path / "x.html")]) == 2
    assert "line 1, column 6: expected ',' or ']'" in capsys.readouterr().err


def _lifecycle_scene(**style):
    tree = players.tree_document(FEED)
    tree["style"].update(style)
    return gf.skeleton(tree)


def test_the_lifecycle_maps_to_animation_timings_with_nothing_baked() -> None:
    # Issue 34's keys: a delay is an animation delay in CSS and a keyframe time in Lottie; the
    # appear fade is an opacity animation; the pause sits inside the shimmer's cycle; the maximum
    # duration is the cycle's count, then the static skeleton; the end is a later animation.
    scene = _lifecycle_scene(**players.LIFECYCLE)
    gf.end_skeleton(scene, 2.5, duration=0.3)
    html, lottie = scene.export("html"), scene.export("lottie")
    assert html.baked_properties == lottie.baked_properties == 0 and html.max_error == lottie.max_error == 0
    # Until the last finite animation ends: the two cycles of 1.5 s sweep + 0.4 s pause from 0.4 s.
    assert (lottie.duration, lottie.loops) == (pytest.approx(4.2), False)
    css = html.text
    assert "0.3s linear 0.4s 1 normal both" in css  # the appear fade, both fills
    assert "1.9s linear 0.4s 2 normal none" in css  # the shimmer: 2 cycles, then none (static)
    assert "0.3s linear 2.5s 1 normal forwards" in css  # the end, held
    # The shimmer's @keyframes: the sweep over 1.5 / 1.9 of the cycle with its ease-in, then the pause.
    assert "78.9474%{" in css and "animation-timing-function:cubic-bezier(0.42,0,1,1)" in css
    document = json.loads(lottie.text)
    avatar = next(l for a in document["assets"] for l in a["layers"] if l["nm"] == "bone:0")
    opacity = avatar["ks"]["o"]["k"]
    # Hidden until 0.4 s (frame 24), in by 0.7 s (42), out from 2.5 s (150) to 2.8 s (168).
    assert [(k["t"], k["s"][0]) for k in opacity][:5] == [(0, 0), (24, 0), (42, 100), (150, 100), (168, 0)]
    assert (opacity[1]["o"]["x"], opacity[1]["i"]["x"]) == (0.42, 0.58)


def test_the_shimmer_loops_after_the_appear_fade_in_a_marked_segment() -> None:
    scene = _lifecycle_scene(showDelay=0.4, appearDuration=0.3)
    result = scene.export("lottie")
    # The fade (finite) then one cycle of the shimmer (forever): played once, the cycle marked.
    assert (result.duration, result.loops) == (pytest.approx(2.2), False)
    assert json.loads(result.text)["markers"] == [{"tm": 42, "cm": "loop", "dr": 90}]
    assert "1.5s linear 0.4s infinite normal forwards" in scene.to_html()


def test_a_list_clip_is_a_masked_precomposition() -> None:
    _, make = next(c for c in EDGES if c[0] == "clip-list+contrast")
    document = json.loads(make().to_lottie())
    containers = {a["id"]: a for a in document["assets"]}
    precomps = [l for a in [document] + document["assets"] for l in a["layers"] if l["ty"] == 0]
    assert precomps and all(l["refId"] in containers and l["hasMask"] for l in precomps)
    masks = [l["masksProperties"][0]["pt"]["k"]["v"] for l in precomps]
    assert [[0, 0], [375, 0], [375, 250], [0, 250]] in masks  # the list's 375 x 250 rectangle


def test_a_large_document_is_exported_by_one_call(monkeypatch) -> None:
    """The first gf_scene_export call gets room for every layer, so a document of several
    hundred kilobytes is not exported twice (once to learn its size)."""
    import json

    from ghostframe import export as export_module
    layers = [{"id": f"l{i}", "frame": [i % 20 * 18, i // 20 * 18, 16, 16]} for i in range(400)]
    animations = [{"layer": f"l{i}", "type": "basic", "keyPath": "opacity", "from": 0.2, "to": 1,
                   "timing": {"duration": 0.5 + i % 7 * 0.1, "delay": i % 13 * 0.05}} for i in range(400)]
    document = {"format": "ghostframe-scene", "version": 1, "layers": layers, "animations": animations}
    calls = []
    native = export_module.lib.gf_scene_export

    def counted(*args):
        calls.append(args[3])  # the capacity
        return native(*args)

    with gf.Scene.from_json(json.dumps(document)) as scene:
        monkeypatch.setattr(export_module.lib, "gf_scene_export", counted)
        result = scene.export("lottie")
        size = len(result.text.encode())
        assert size > 1 << 16, "larger than the old first buffer"
        assert len(calls) == 1 and calls[0] > size
        # A document past its own max_bytes is still refused, with a buffer no larger than that.
        calls.clear()
        with pytest.raises(gf.LimitError):
            scene.export("lottie", max_bytes=size - 1)
        assert calls and all(capacity <= size for capacity in calls)
