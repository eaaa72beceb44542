"""Renders the expanding-card transition on a sample feed to a GIF, entry then exit.

The feed (a table of rows, each a horizontally scrolled row of image cards) is drawn once with
Pillow: that is the "window snapshot" taken at the tap. Each frame samples the transition's
scene and draws every part as a host does: crop the snapshot at the part's source rect and
stretch the crop into the part layer's sampled frame, lowest zPosition first.

    python examples/python/card_transition.py out.gif

Needs Pillow and the ghostframe package (GHOSTFRAME_LIBRARY pointing at libghostframe.so).
"""

import math
import sys
from typing import List, Optional, Tuple

from PIL import Image, ImageDraw

import ghostframe as gf

W, H = 375, 667
ROW_Y = [90, 300, 510]
CARD = (150, 125)
PALETTE = [(231, 76, 60), (46, 204, 113), (52, 152, 219), (241, 196, 15), (155, 89, 182), (230, 126, 34)]


def feed(tapped_row: int = 1) -> Tuple[Image.Image, List[Tuple[float, float, float, float]]]:
    """The window snapshot and the visible image rects (window coordinates) of the tapped row's
    collection view: the seed's middle part; the other rows travel with the up and down parts."""
    image = Image.new("RGB", (W, H), (250, 250, 250))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, W, 60), fill=(255, 90, 95))
    draw.text((16, 22), "Explore", fill=(255, 255, 255))
    rects = []
    for row, y in enumerate(ROW_Y):
        draw.text((16, y - 22), f"Row {row + 1}", fill=(40, 40, 40))
        offset = [-60, 20, -100][row]  # each row's collection view is scrolled differently
        for i in range(4):
            x = offset + i * (CARD[0] + 15)
            if x + CARD[0] <= 0 or x >= W:
                continue
            colour = PALETTE[(row * 2 + i) % len(PALETTE)]
            draw.rectangle((x, y, x + CARD[0] - 1, y + CARD[1] - 1), fill=colour)
            draw.ellipse((x + 50, y + 35, x + 100, y + 85), fill=(255, 255, 255))
            if row == tapped_row:
                rects.append((float(x), float(y), float(CARD[0]), float(CARD[1])))
    return image, rects


def crop(snapshot: Image.Image, source) -> Image.Image:
    """The snapshot at `source`; what lies outside the window is transparent."""
    x, y, w, h = (int(round(v)) for v in source)
    out = Image.new("RGBA", (max(w, 1), max(h, 1)), (0, 0, 0, 0))
    out.paste(snapshot.convert("RGBA").crop((x, y, x + w, y + h)), (0, 0))
    if x < 0 or y < 0 or x + w > W or y + h > H:  # crop() fills outside with black: clear it
        mask = Image.new("L", out.size, 0)
        ImageDraw.Draw(mask).rectangle((max(-x, 0), max(-y, 0), min(W - x, w) - 1, min(H - y, h) - 1), fill=255)
        out.putalpha(mask)
    return out


def render(scene: gf.Scene, transition: gf.ExpandTransition, crops: List[Image.Image], t: float) -> Image.Image:
    """One frame: every part's crop stretched into its sampled frame, in z order."""
    frame = Image.new("RGBA", (W, H), (255, 255, 255, 255))
    states = scene.sample(t)
    order = sorted(range(len(transition.parts)), key=lambda i: float(states[i + 1]["z_position"]))
    for i in order:
        s = states[i + 1]
        x, y, w, h = (float(s[k]) for k in ("x", "y", "width", "height"))
        if w < 1 or h < 1:
            continue
        piece = crops[i].resize((int(round(w)), int(round(h))), Image.BILINEAR)
        frame.paste(piece, (int(round(x)), int(round(y))), piece)
    return frame.convert("RGB")


def frames(tapped: int = 1, fps: int = 30, duration: Optional[float] = None,
           delay: Optional[float] = None) -> List[Image.Image]:
    """The still feed, the entry, a pause, then the exit of the finished entry (the original's
    dismissal); timing JPAnimationTool's (0.35 s after 0.1 s, ease-out) unless given."""
    snapshot, rects = feed()
    timing = {k: v for k, v in (("duration", duration), ("delay", delay)) if v is not None}
    transition = gf.ExpandTransition(window=(W, H), images=rects, tapped=tapped, **timing)
    crops = [crop(snapshot, part.source) for part in transition.parts]
    total = transition.delay + transition.duration
    exit_scene = transition.exit(total)
    # Enough frames to reach the end: the last at or past delay + duration.
    steps = math.ceil(total * fps - 1e-9)
    out = [snapshot.copy() for _ in range(5)]
    out += [render(transition.scene, transition, crops, k / fps) for k in range(steps + 1)]
    out += [out[-1]] * 10
    out += [render(exit_scene, transition, crops, k / fps) for k in range(steps + 1)]
    return out


def main(argv: List[str]) -> int:
    path = argv[1] if len(argv) > 1 else "card-transition.gif"
    images = frames()
    images[0].save(path, save_all=True, append_images=images[1:], duration=33, loop=0)
    print(f"{path}: {len(images)} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
