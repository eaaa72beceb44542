"""The pygame host (examples/python/pygame_feed.py) as a person would see it (issue 18).

It runs in a headless window (SDL_VIDEODRIVER=dummy) on a fixed clock, with screenshots, two
clicks and a key posted into its event queue; its frames are compared with the preview's
(``ghostframe preview feed.json --at T``) and with the card transition's expected frames. The
scenario and the tolerances are _live_hosts.py's (the SDL2 host's CTest plays the same).
"""

import os
import sys

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
pytest.importorskip("pygame")
pytest.importorskip("numpy")
pytest.importorskip("PIL")
pytest.importorskip("skia")

import _live_hosts as live  # noqa: E402
from _support import find_repository  # noqa: E402


def test_pygame_feed_screenshots_clicks_and_frame_times(tmp_path):
    example = os.path.join(find_repository(), "examples", "python", "pygame_feed.py")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    package = os.path.dirname(os.path.dirname(os.path.abspath(__import__("ghostframe").__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package, env.get("PYTHONPATH")) if p)
    # It draws with ghostframe.draw.pygame (no antialiasing): the helpers' tolerances (issue 34).
    report = live.check_feed_host([sys.executable, example], str(tmp_path), "png", env,
                                  mean_tolerance=live.HELPER_MEAN_TOLERANCE, fraction=live.HELPER_MISMATCH_FRACTION)
    print("\n".join(report))


def test_pygame_feed_refuses_bad_options(tmp_path):
    import subprocess

    example = os.path.join(find_repository(), "examples", "python", "pygame_feed.py")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    package = os.path.dirname(os.path.dirname(os.path.abspath(__import__("ghostframe").__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package, env.get("PYTHONPATH")) if p)
    for bad in (["--click", "1.0:12"], ["--key", "1.0:enter"]):
        done = subprocess.run([sys.executable, example, *bad], capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 2, (bad, done.stdout, done.stderr)
