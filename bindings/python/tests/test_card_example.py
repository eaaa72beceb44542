"""The card transition example renders real pixels: the feed snapshot first, the tapped image
filling the top of the window after the entry, and the feed again after the exit."""

import importlib.util
import os

import pytest

pytest.importorskip("PIL")
from _support import find_repository, needs_numpy  # noqa: E402


def load_example():
    path = os.path.join(find_repository(), "examples", "python", "card_transition.py")
    spec = importlib.util.spec_from_file_location("card_transition", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_numpy
def test_entry_then_exit_pixels(tmp_path):
    example = load_example()
    snapshot, rects = example.feed()
    frames = example.frames(tapped=1, fps=30)
    # The defaults run 0.1 + 0.35 = 0.45 s: 5 still frames, 15 entry frames (0..14 / 30 s), 10
    # held, 15 exit frames.
    assert len(frames) == 5 + 15 + 10 + 15
    assert frames[0].tobytes() == snapshot.tobytes()
    yellow = (241, 196, 15)  # the tapped card (row 2, card 1)
    tx, ty, tw, th = rects[1]
    assert snapshot.getpixel((int(tx + 5), int(ty + 5))) == yellow
    end = frames[5 + 14]
    # The tapped image ends at (0, 0, W, W * 2/3) = (0, 0, 375, 250): a corner of it is yellow.
    assert end.getpixel((5, 5)) == yellow and end.getpixel((369, 244)) == yellow
    # Below it, the window shows no part of the feed's bottom (the down part has left).
    assert end.getpixel((187, 600)) == (255, 255, 255)
    # The exit ends where the entry started: the snapshot, but for bilinear resampling at the
    # parts' edges and text antialiasing (measured: 2.5% of the bytes differ, by at most 5 levels).
    last, want = frames[-1].tobytes(), snapshot.tobytes()
    diffs = [abs(a - b) for a, b in zip(last, want) if a != b]
    assert len(diffs) <= len(want) // 20 and max(diffs, default=0) <= 8
    out = tmp_path / "card.gif"
    assert example.main(["card_transition.py", str(out)]) == 0
    assert out.stat().st_size > 1000
