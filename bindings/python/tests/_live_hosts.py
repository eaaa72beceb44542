"""What the live hosts' tests share (issue 18): the reference frames, the comparison and its
tolerance, and the card transition's expected frames.

A host's screenshot at time T is compared with the frame ``ghostframe preview TREE --at T``
renders for the same tree (Skia, exact-coverage anti-aliasing). The hosts rasterise on their
own, so edge pixels may differ; what must not differ is where each bone is, its size, its
colour and its opacity. The comparison therefore has two parts:

* per bone: the mean colour inside the bone's rect shrunk by :data:`SHRINK` pixels on each side
  (no edge pixels, so no anti-aliasing) must agree within :data:`MEAN_TOLERANCE` per channel
  (of 255). A bone moved or resized by 2 px or more, or of another colour or opacity, moves
  these means by far more (a shimmer band shifted by 2 px moves a mean by ~5; a bone at 0.9
  opacity instead of 1 by ~24);
* globally: the fraction of pixels differing by more than :data:`PIXEL_TOLERANCE` in any channel
  must stay under :data:`MISMATCH_FRACTION` (edges only: a 1 px ring around every bone is ~2 %
  of the feed's frame).
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any, Dict, List, Sequence, Tuple

#: Pixels taken off each side of a bone's rect before its mean colour is compared.
SHRINK = 2
#: The most a bone's mean colour may differ, per channel, of 255.
MEAN_TOLERANCE = 3.0
#: A pixel "differs" past this, per channel, of 255.
PIXEL_TOLERANCE = 24
#: The most pixels of a frame that may differ.
MISMATCH_FRACTION = 0.01

Rect = Tuple[float, float, float, float]


def reference_frame(tree: str, t: float, out: str, end_at: Any = None) -> Any:
    """The preview's frame of ``tree`` at ``t`` (``ghostframe preview TREE --at T -o out``), as a
    Pillow RGB image."""
    from PIL import Image

    command = [sys.executable, "-m", "ghostframe", "preview", tree, "--at", repr(float(t)), "-o", out]
    if end_at is not None:
        command += ["--end-at", repr(float(end_at))]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    with Image.open(out) as image:
        return image.convert("RGB")


def bone_rects(tree: str, t: float, end_at: Any = None) -> List[Tuple[str, Rect, float]]:
    """(index as text, rect in points, opacity) of every visible bone of the tree's skeleton at
    ``t``: the layers without children (the root and the list sections are backgrounds)."""
    import ghostframe as gf

    scene = gf.skeleton(tree, end_at=end_at)
    states = scene.sample(t)
    rows = list(states.tolist()) if hasattr(states, "tolist") else [tuple(s) for s in states]
    parents = {int(r[1]) for r in rows}
    out = []
    for r in rows:
        index, flags, opacity = int(r[0]), int(r[2]), float(r[13])
        if index in parents or flags & 1 or opacity <= 0:
            continue
        out.append((str(index), (float(r[4]), float(r[5]), float(r[6]), float(r[7])), opacity))
    return out


def mean_colour(image: Any, box: Tuple[int, int, int, int]) -> Tuple[float, float, float]:
    """The mean RGB of ``image`` in ``box`` (left, top, right, bottom; pixels)."""
    import numpy as np

    a = np.asarray(image, dtype=np.float64)[box[1]:box[3], box[0]:box[2]]
    m = a.reshape(-1, 3).mean(axis=0)
    return float(m[0]), float(m[1]), float(m[2])


def shrunk(rect: Rect, scale: float = 1.0, by: int = SHRINK) -> Tuple[int, int, int, int]:
    """The pixel box of ``rect`` (points) with ``by`` pixels off each side (may be empty)."""
    x, y, w, h = (v * scale for v in rect)
    import math

    return (int(math.ceil(x)) + by, int(math.ceil(y)) + by, int(math.floor(x + w)) - by, int(math.floor(y + h)) - by)


def compare(host: Any, reference: Any, rects: Sequence[Tuple[str, Rect]], scale: float = 1.0,
            mean_tolerance: float = MEAN_TOLERANCE) -> Dict[str, Any]:
    """Compares a host's screenshot with the reference; returns the measured numbers and
    raises AssertionError naming the first bone or the fraction out of tolerance."""
    import numpy as np

    assert host.size == reference.size, f"screenshot {host.size}, reference {reference.size}"
    worst = 0.0
    checked = 0
    for name, rect in rects:
        box = shrunk(rect, scale)
        box = (max(box[0], 0), max(box[1], 0), min(box[2], host.size[0]), min(box[3], host.size[1]))
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        a, b = mean_colour(host, box), mean_colour(reference, box)
        diff = max(abs(p - q) for p, q in zip(a, b))
        assert diff <= mean_tolerance, f"bone {name} {rect}: mean colour {a} vs the preview's {b} (tolerance {mean_tolerance})"
        worst = max(worst, diff)
        checked += 1
    h = np.asarray(host, dtype=np.int16)
    r = np.asarray(reference, dtype=np.int16)
    mismatch = float((np.abs(h - r).max(axis=2) > PIXEL_TOLERANCE).mean())
    assert mismatch <= MISMATCH_FRACTION, f"{mismatch:.4%} of the pixels differ by more than {PIXEL_TOLERANCE}"
    return {"bones": checked, "worst_mean": worst, "mismatch": mismatch}


def expected_transition(snapshot: Any, cards: Sequence[Rect], tapped: int, s: float, exit_at: Any = None,
                        duration: float = 0.5) -> Tuple[Any, List[Rect]]:
    """The card transition's frame at entry time ``s`` (or, with ``exit_at``, exit time ``s``
    of the exit begun at ``exit_at``) drawn from ``snapshot`` the way seed 004 says (crop at the
    part's source, stretch into its sampled frame, by zPosition) with Pillow, and the parts'
    sampled frames. Window 375 x 667 points at scale 1."""
    from PIL import Image

    import ghostframe as gf

    transition = gf.ExpandTransition(window=(375, 667), images=[list(c) for c in cards], tapped=tapped,
                                     duration=duration)
    scene = transition.scene if exit_at is None else transition.exit(exit_at)
    states = scene.sample(s)
    frame = Image.new("RGB", snapshot.size, (255, 255, 255))
    frames: List[Rect] = []
    order = sorted(range(len(transition.parts)), key=lambda i: float(states[i + 1]["z_position"]))
    for i in order:
        part = transition.parts[i]
        st = states[i + 1]
        x, y, w, h = (float(st[k]) for k in ("x", "y", "width", "height"))
        frames.append((x, y, w, h))
        sx, sy, sw, sh = part.source
        x0, y0 = max(sx, 0.0), max(sy, 0.0)
        x1, y1 = min(sx + sw, 375.0), min(sy + sh, 667.0)
        if x1 <= x0 or y1 <= y0 or w < 1 or h < 1:
            continue
        fx, fy = w / sw, h / sh
        crop = snapshot.crop((int(round(x0)), int(round(y0)), int(round(x1)), int(round(y1))))
        dw, dh = int(round((x1 - x0) * fx)), int(round((y1 - y0) * fy))
        if dw < 1 or dh < 1:
            continue
        frame.paste(crop.resize((dw, dh), Image.BILINEAR), (int(round(x + (x0 - sx) * fx)), int(round(y + (y0 - sy) * fy))))
    return frame, frames


def feed_tree(repository: str) -> str:
    """examples/trees/feed.json of the repository."""
    return os.path.join(repository, "examples", "trees", "feed.json")
