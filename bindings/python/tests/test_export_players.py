"""Issue 32: every example exported to Lottie, HTML and SVG, played by other toolkits' players and
compared with Ghostframe's own preview frame at the same time (_export_players.py says how).

Cases: every example tree (also with a high-contrast palette, where a timing error shows: the
default shimmer band is only ~19 grey levels deep), every example scene, the example timelines on
their stages, the one-liner chain, the preload overlay and the pull-to-refresh control; 5 times
each, the first frame and 4 between frames. Players: rlottie (whole frames), ThorVG (the same
times as fractional frames), headless Chromium (HTML and SVG, seeked through getAnimations()).
Skipped when a player is not installed (`make setup` installs them all).
"""

from __future__ import annotations

import json
import os

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("skia")
pytest.importorskip("PIL")

import _export_players as players  # noqa: E402

CASES = players.cases(palette=False) + [(name + "+contrast", make) for name, make in players.cases(palette=True)]


def _reference(scene, times, scale):
    from ghostframe.preview import Renderer

    renderer = Renderer(scene, scale=scale)
    size = renderer.size
    points = (int(round(size[0] / scale)), int(round(size[1] / scale)))
    return renderer, size, points, [np.asarray(renderer.render(t)) for t in times]


def _check(name, player, frames, references, scene, times, size, scale):
    for t, frame, reference in zip(times, frames, references):
        boxes = players.layer_boxes(scene, t, size, scale)
        ignored = players.layer_boxes(scene, t, size, scale, contents=True)
        worst, off, layer = players.compare(frame, reference, boxes, ignored)
        assert worst <= 1, (
            f"{name} in {player} at t={t:.4f}: layer {layer}'s mean colour is {worst:.2f} times its allowance "
            f"({players.MEAN_LEVELS:g} levels, {players.TRANSLUCENT_LEVELS:g} translucent) from the preview's")
        assert off < players.OFF_FRACTION, (
            f"{name} in {player} at t={t:.4f}: {off:.2%} of the pixels are off by more than {players.OFF_LEVELS}")


@pytest.fixture(scope="module")
def browser():
    pytest.importorskip("playwright")
    if players.chromium_path() is None:
        pytest.skip("no chromium-headless-shell (make setup installs it)")
    opened = players.Browser()
    yield opened
    opened.close()


@pytest.mark.parametrize("name,make", CASES, ids=[c[0] for c in CASES])
def test_lottie_in_rlottie_and_thorvg(name, make):
    pytest.importorskip("rlottie_python")
    pytest.importorskip("thorvg_python")
    scene = make()
    result = scene.export("lottie")
    times = players.sample_times(result.duration, result.fps)
    renderer = __import__("ghostframe.preview", fromlist=["Renderer"]).Renderer(scene)
    scale = players.scale_for(renderer.size)
    _, size, _, references = _reference(scene, times, scale)
    # ThorVG plays fractional frames: the very times.
    frames = players.thorvg_frames(result.text, size, [t * result.fps for t in times])
    _check(name, "ThorVG", frames, references, scene, times, size, scale)
    # rlottie plays whole frames: the frames nearest the times, against the preview there.
    whole = [round(t * result.fps) for t in times]
    whole_times = [f / result.fps for f in whole]
    _, _, _, whole_references = _reference(scene, whole_times, scale)
    frames = players.rlottie_frames(result.text, size, whole)
    _check(name, "rlottie", frames, whole_references, scene, whole_times, size, scale)


@pytest.mark.parametrize("name,make", CASES, ids=[c[0] for c in CASES])
def test_html_and_svg_in_chromium(name, make, browser):
    scene = make()
    html = scene.export("html")
    times = players.sample_times(html.duration, html.fps)
    renderer = __import__("ghostframe.preview", fromlist=["Renderer"]).Renderer(scene)
    scale = players.scale_for(renderer.size)
    _, size, points, references = _reference(scene, times, scale)
    for fmt, text in (("HTML", html.text), ("SVG", scene.to_svg())):
        frames = browser.frames(text, fmt == "SVG", points, times, scale)
        _check(name, fmt, frames, references, scene, times, size, scale)
