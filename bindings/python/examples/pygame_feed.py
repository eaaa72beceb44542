"""Ghostframe live in a pygame window: the feed skeleton, drawn from the numpy view of each frame.

The feed of examples/trees/feed.json (an avatar, a name, a three-line bio, a table of news rows
under a section header) through the Python package: its shimmering skeleton is sampled every
frame into one preallocated numpy structured array (``scene.sample(t, out=states)``, no
allocation in the library) and every bone is rasterised with numpy into a float RGB canvas: a
rounded rectangle (exact-area edges, anti-aliased corners) of its colour, opacity and shimmer
gradient. The canvas goes to the window with ``pygame.surfarray.blit_array``.

    space   ends the skeleton: its 0.2 s fade, then the content (the real layout) is shown
    click   on a news row (a card): the expanding-card transition (seed 004) from that card;
            a second click runs it back (the exit), from wherever the entry is
    esc     quits (so does closing the window)

Options (for tests and recordings; a live run needs none):
    --frames N --fps F     a fixed clock: frame k shows time k / F, N frames, then exit
    --screenshot T:PATH    after drawing the first frame at time >= T, save the window (PNG);
                           repeatable
    --click T:X,Y          post a left-button press and release at window pixel (X, Y) into the
                           event queue (pygame.event.post) before the first frame at time >= T;
                           repeatable
    --key T:NAME           likewise a key press, NAME = space or escape; repeatable
    --log PATH             one line per frame: index, time, sampling, drawing and total ms

At exit it prints the frame times: sampling (``scene.sample``), drawing (rasterising, the blit,
the transition's scaled crops) and the total (events, sampling, drawing, flip; not the sleep that
paces a live run to 60 fps), each as mean, p50 and p99 in ms.

    GHOSTFRAME_LIBRARY=... PYTHONPATH=bindings/python python bindings/python/examples/pygame_feed.py

Headless: SDL_VIDEODRIVER=dummy. Needs pygame (it bundles SDL2) and numpy.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, List, Optional, Sequence, Tuple

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

import ghostframe as gf  # noqa: E402

W, H = 375, 667
HIDDEN = 1
GRADIENT = 2
FEED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples", "trees", "feed.json")

Rect = Tuple[float, float, float, float]


class Canvas:
    """A float RGB frame (straight, 0..1) and the numpy rasteriser of one layer."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rgb = np.ones((height, width, 3), dtype=np.float32)
        self._bytes = np.empty((width, height, 3), dtype=np.uint8)
        self._xs = np.arange(width, dtype=np.float64)
        self._ys = np.arange(height, dtype=np.float64)

    def clear(self) -> None:
        self.rgb.fill(1.0)

    def paint(self, s: Any, clip: Rect) -> None:
        """One layer state (a row of the structured array): its frame (axis-aligned transforms;
        a rotated layer as its bounding box), corner radius, colour, gradient and opacity,
        clipped to ``clip`` (x0, y0, x1, y1 in pixels)."""
        m = s["transform"]
        w, h = float(s["width"]), float(s["height"])
        xa, xb = float(m[4]), float(m[4] + m[0] * w + m[2] * h)
        ya, yb = float(m[5]), float(m[5] + m[1] * w + m[3] * h)
        x0, x1, y0, y1 = min(xa, xb), max(xa, xb), min(ya, yb), max(ya, yb)
        opacity = min(1.0, float(s["opacity"]))
        base = (float(s["r"]), float(s["g"]), float(s["b"]), float(s["a"]))
        has_gradient = bool(int(s["flags"]) & GRADIENT) and int(s["gradient_stop_count"]) > 0
        if opacity <= 0 or x1 <= x0 or y1 <= y0 or (not has_gradient and base[3] <= 0):
            return
        cx0, cy0, cx1, cy1 = max(x0, clip[0]), max(y0, clip[1]), min(x1, clip[2]), min(y1, clip[3])
        px0, py0 = max(int(np.floor(cx0)), 0), max(int(np.floor(cy0)), 0)
        px1, py1 = min(int(np.ceil(cx1)), self.width), min(int(np.ceil(cy1)), self.height)
        if px1 <= px0 or py1 <= py0:
            return
        region = self.rgb[py0:py1, px0:px1]
        r = min(float(s["corner_radius"]), (x1 - x0) / 2, (y1 - y0) / 2)
        aligned = (px0, py0, px1, py1) == (cx0, cy0, cx1, cy1)
        if not has_gradient and r <= 0 and aligned and base[3] * opacity >= 1:
            region[...] = base[:3]  # an opaque pixel-aligned rectangle: a plain fill
            return
        xs, ys = self._xs[px0:px1], self._ys[py0:py1]
        # the exact area of each pixel inside the (clipped) box, as a product of two spans
        sx = np.clip(np.minimum(xs + 1, cx1) - np.maximum(xs, cx0), 0, 1)
        sy = np.clip(np.minimum(ys + 1, cy1) - np.maximum(ys, cy0), 0, 1)
        alpha = sy[:, None] * sx[None, :]
        if r > 0:  # in the corners' squares: a one-pixel ramp across the arc
            cx, cy = xs + 0.5, ys + 0.5
            kx = np.clip(cx, x0 + r, x1 - r)
            ky = np.clip(cy, y0 + r, y1 - r)
            d = np.sqrt((cx - kx)[None, :] ** 2 + (cy - ky)[:, None] ** 2) - r
            alpha = alpha * np.clip(0.5 - d, 0, 1)
        if has_gradient:
            n = min(int(s["gradient_stop_count"]), 4)
            loc = np.maximum.accumulate(np.asarray(s["gradient_locations"][:n], dtype=np.float64))
            col = np.asarray(s["gradient_colors"][: 4 * n], dtype=np.float64).reshape(n, 4)
            gx0 = x0 + float(s["gradient_start_x"]) * (x1 - x0)
            gy0 = y0 + float(s["gradient_start_y"]) * (y1 - y0)
            dx = x0 + float(s["gradient_end_x"]) * (x1 - x0) - gx0
            dy = y0 + float(s["gradient_end_y"]) * (y1 - y0) - gy0
            length2 = dx * dx + dy * dy
            tx = (xs + 0.5 - gx0) * dx / length2 if length2 > 0 else np.zeros_like(xs)
            ty = (ys + 0.5 - gy0) * dy / length2 if length2 > 0 else np.zeros_like(ys)
            if dy == 0:  # a horizontal gradient (the shimmer): one colour per column
                g = np.stack([np.interp(tx, loc, col[:, k]) for k in range(4)], axis=-1)[None, :, :]
            elif dx == 0:  # a vertical one: one colour per row
                g = np.stack([np.interp(ty, loc, col[:, k]) for k in range(4)], axis=-1)[:, None, :]
            else:
                t = ty[:, None] + tx[None, :]
                g = np.stack([np.interp(t, loc, col[:, k]) for k in range(4)], axis=-1)
            ga = g[..., 3:4]
            out_a = ga + base[3] * (1 - ga)
            rgb = (g[..., :3] * ga + np.asarray(base[:3]) * base[3] * (1 - ga)) / np.maximum(out_a, 1e-12)
            a = (alpha[..., None] * out_a * opacity).astype(np.float32)
            region *= 1 - a
            region += (rgb * a).astype(np.float32)
        else:
            a = (alpha * (base[3] * opacity)).astype(np.float32)[..., None]
            region *= 1 - a
            region += np.asarray(base[:3], dtype=np.float32) * a

    def blit(self, surface: Any) -> None:
        """The canvas onto a pygame surface (rounded to bytes as floor(v * 255 + 0.5))."""
        np.add(self.rgb.transpose(1, 0, 2) * 255.0, 0.5, out=self._bytes, casting="unsafe")
        pygame.surfarray.blit_array(surface, self._bytes)


class Feed:
    """The host: the skeleton, the content, the card transition, and the frame timings."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        tree = gf.ViewTree.from_json(FEED)
        self.skeleton = tree.skeleton()
        self.layout = tree.layout()
        self.cards: List[Rect] = [i.frame for i in self.layout if i.kind == "row" and i.clip[3] > 0]
        self.states = np.empty(len(self.skeleton), dtype=gf.LAYER_STATE_DTYPE)
        first = self.skeleton.sample(0.0, out=self.states)
        self.order = self._order(first)
        # a non-root parent (a list section) clips its layers
        self.clip_parent = [int(p) if p >= 0 and int(first[int(p)]["parent"]) >= 0 else -1 for p in first["parent"]]
        self.canvas = Canvas(W, H)
        self.ended_at: Optional[float] = None
        self.transition: Optional[gf.ExpandTransition] = None
        self.active: Optional[gf.Scene] = None
        self.snapshot: Any = None
        self.started_at = 0.0
        self.exit_from: Optional[float] = None
        self.sample_ms = 0.0

    @staticmethod
    def _order(states: Any) -> List[int]:
        """Depth first, parents before children, siblings by z_position (stable)."""
        children: List[List[int]] = [[] for _ in range(len(states))]
        roots: List[int] = []
        for i, p in enumerate(states["parent"].tolist()):
            (children[p] if p >= 0 else roots).append(i)
        z = states["z_position"].tolist()
        order: List[int] = []
        stack = sorted(roots, key=lambda k: z[k])[::-1]
        while stack:
            i = stack.pop()
            order.append(i)
            stack.extend(sorted(children[i], key=lambda k: z[k])[::-1])
        return order

    # -- drawing -----------------------------------------------------------------------------

    def _sample(self, scene: gf.Scene, t: float, out: Any) -> Any:
        began = time.perf_counter()
        states = scene.sample(t, out=out)
        self.sample_ms += (time.perf_counter() - began) * 1000
        return states

    def draw_feed(self, t: float) -> None:
        states = self._sample(self.skeleton, t, self.states)
        canvas = self.canvas
        canvas.clear()
        if self.ended_at is not None and t >= self.ended_at + 0.2:
            canvas.blit(self.screen)
            self.draw_content()
            return
        flags = states["flags"].tolist()
        parents = states["parent"].tolist()
        full: Rect = (0.0, 0.0, float(W), float(H))
        for i in self.order:
            p, hidden = i, False
            while p >= 0:
                hidden = hidden or bool(flags[p] & HIDDEN)
                p = parents[p]
            if hidden:
                continue
            clip = full
            p = self.clip_parent[i]
            while p >= 0:
                c = states[p]
                cx, cy = float(c["transform"][4]), float(c["transform"][5])
                clip = (max(clip[0], cx), max(clip[1], cy), min(clip[2], cx + float(c["width"])),
                        min(clip[3], cy + float(c["height"])))
                p = self.clip_parent[p]
            canvas.paint(states[i], clip)
        canvas.blit(self.screen)

    def draw_content(self) -> None:
        """The real views once loaded: images as blue-grey blocks, labels as dark text lines."""
        for item in self.layout:
            x, y, w, h = item.frame
            cx, cy, cw, ch = item.clip
            if cw <= 0 or ch <= 0:
                continue
            self.screen.set_clip(pygame.Rect(int(cx), int(cy), int(cw), int(ch)))
            if item.kind == "image":
                pygame.draw.rect(self.screen, (140, 173, 219), pygame.Rect(int(x), int(y), int(w), int(h)),
                                 border_radius=int(item.corner_radius or 0))
            elif item.kind == "label":
                lines = max(item.lines, 1)
                pitch = h / lines
                for k in range(lines):
                    width = w * 0.6 if k == lines - 1 and lines > 1 else w
                    pygame.draw.rect(self.screen, (64, 64, 64),
                                     pygame.Rect(int(x), int(y + k * pitch + pitch * 0.2), int(width), max(1, int(pitch * 0.6))))
            elif item.kind == "row":
                pygame.draw.line(self.screen, (217, 217, 217), (int(x + 16), int(y + h - 1)), (int(x + w), int(y + h - 1)))
        self.screen.set_clip(None)

    def _exit_length(self, exit_from: float) -> float:
        """How long the exit begun at entry time ``exit_from`` runs: delay + duration after a
        finished entry (the original's dismissal), else as long as the entry had moved."""
        assert self.transition is not None
        delay, duration = self.transition.delay, self.transition.duration
        if exit_from >= delay + duration:
            return delay + duration
        return min(max(exit_from - delay, 0.0), duration)

    def draw_transition(self, t: float) -> bool:
        """The transition's frame: each part's crop of the snapshot stretched into its sampled
        frame, lowest zPosition first. False once the exit is over."""
        assert self.transition is not None and self.active is not None
        s = t - self.started_at
        if self.exit_from is not None and s >= self._exit_length(self.exit_from):
            return False
        states = self._sample(self.active, s, None)
        parts = self.transition.parts
        self.screen.fill((255, 255, 255))
        for i in sorted(range(len(parts)), key=lambda k: float(states[k + 1]["z_position"])):
            part, st = parts[i], states[i + 1]
            sx, sy, sw, sh = part.source
            x0, y0, x1, y1 = max(sx, 0.0), max(sy, 0.0), min(sx + sw, float(W)), min(sy + sh, float(H))
            w, h = float(st["width"]), float(st["height"])
            if x1 <= x0 or y1 <= y0 or w < 1 or h < 1:
                continue
            fx, fy = w / sw, h / sh
            crop = self.snapshot.subsurface(pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0)))
            size = (round((x1 - x0) * fx), round((y1 - y0) * fy))
            if size[0] < 1 or size[1] < 1:
                continue
            piece = pygame.transform.smoothscale(crop, size)
            self.screen.blit(piece, (round(float(st["x"]) + (x0 - sx) * fx), round(float(st["y"]) + (y0 - sy) * fy)))
        return True

    # -- input -------------------------------------------------------------------------------

    def click(self, x: int, y: int, t: float) -> None:
        if self.transition is not None:
            if self.exit_from is None:
                self.exit_from = t - self.started_at
                self.active = self.transition.exit(self.exit_from)
                self.started_at = t
            return
        px, py = x + 0.5, y + 0.5
        hit = [k for k, c in enumerate(self.cards) if c[0] <= px < c[0] + c[2] and c[1] <= py < min(c[1] + c[3], H)]
        if not hit:
            return
        self.transition = gf.ExpandTransition(window=(W, H), images=self.cards, tapped=hit[0], duration=0.5)
        self.active = self.transition.scene
        self.started_at = t
        self.exit_from = None
        self.draw_feed(t)  # the snapshot: the feed at the tap
        self.snapshot = self.screen.copy()

    def end_skeleton(self, t: float) -> None:
        if self.ended_at is None:
            gf.end_skeleton(self.skeleton, t)
            self.ended_at = t

    def frame(self, t: float) -> None:
        if self.transition is not None and not self.draw_transition(t):
            self.transition = self.active = self.snapshot = None
        if self.transition is None:
            self.draw_feed(t)


def _timed(text: str, what: str) -> Tuple[float, str]:
    head, sep, rest = text.partition(":")
    try:
        t = float(head)
    except ValueError:
        t = -1.0
    if not sep or not rest or not t >= 0:
        raise argparse.ArgumentTypeError(f"{what} must be T:VALUE with a time T >= 0, got {text!r}")
    return t, rest


def _summary(name: str, values: Sequence[float]) -> str:
    v = sorted(values)
    return (f"  {name:<9} mean {sum(v) / len(v):.4f} ms  p50 {v[len(v) // 2]:.4f} ms  "
            f"p99 {v[int(round((len(v) - 1) * 0.99))]:.4f} ms")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=None)
    parser.add_argument("--fps", type=float, default=60.0)
    parser.add_argument("--screenshot", action="append", default=[], type=lambda s: _timed(s, "--screenshot"))
    parser.add_argument("--click", action="append", default=[], type=lambda s: _timed(s, "--click"))
    parser.add_argument("--key", action="append", default=[], type=lambda s: _timed(s, "--key"))
    parser.add_argument("--log", default=None)
    args = parser.parse_args(argv)
    if args.frames is not None and args.frames <= 0 or not 0 < args.fps < 10000:
        parser.error("--frames and --fps must be > 0")
    events: List[Tuple[float, Any]] = []
    for t, rest in args.click:
        try:
            x, y = (int(v) for v in rest.split(","))
        except ValueError:
            parser.error(f"--click wants T:X,Y, got {rest!r}")
        events.append((t, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y))))
        events.append((t, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y))))
    keys = {"space": pygame.K_SPACE, "escape": pygame.K_ESCAPE}
    for t, rest in args.key:
        if rest not in keys:
            parser.error(f"--key wants space or escape, got {rest!r}")
        events.append((t, pygame.event.Event(pygame.KEYDOWN, key=keys[rest], mod=0, unicode="", scancode=0)))
    events.sort(key=lambda e: e[0])  # stable: a press stays before its release
    shots = sorted(args.screenshot)

    pygame.display.init()  # only the display: no audio device is opened
    screen = pygame.display.set_mode((W, H))
    pygame.display.set_caption("Ghostframe feed (pygame)")
    feed = Feed(screen)
    log = open(args.log, "w") if args.log else None
    timings: List[Tuple[float, float, float]] = []
    start = time.perf_counter()
    frame = 0
    running = True
    try:
        while running and (args.frames is None or frame < args.frames):
            t = frame / args.fps if args.frames is not None else time.perf_counter() - start
            began = time.perf_counter()
            feed.sample_ms = 0.0
            while events and events[0][0] <= t + 1e-9:  # into the queue, as a person's input
                pygame.event.post(events.pop(0)[1])
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    running = False
                elif event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                    feed.end_skeleton(t)
                elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    feed.click(event.pos[0], event.pos[1], t)
            if not running:
                break
            feed.frame(t)
            drawn = (time.perf_counter() - began) * 1000 - feed.sample_ms
            while shots and shots[0][0] <= t + 1e-9:
                pygame.image.save(screen, shots.pop(0)[1])
            pygame.display.flip()
            total = (time.perf_counter() - began) * 1000
            timings.append((feed.sample_ms, drawn, total))
            if log is not None:
                log.write(f"{frame} {t:.6f} {feed.sample_ms:.4f} {drawn:.4f} {total:.4f}\n")
            if args.frames is None and total < 1000 / args.fps:
                time.sleep((1000 / args.fps - total) / 1000)
            frame += 1
    finally:
        if log is not None:
            log.close()
        pygame.quit()
    print(f"pygame_feed: {len(timings)} frames ({W} x {H}, {os.environ.get('SDL_VIDEODRIVER', 'default')} driver)")
    if timings:
        for k, name in enumerate(("sampling", "drawing", "total")):
            print(_summary(name, [row[k] for row in timings]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
