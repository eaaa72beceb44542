"""Ghostframe live in a pygame window: the feed skeleton, drawn from the numpy view of each frame.

The feed of examples/trees/feed.json (an avatar, a name, a three-line bio, a table of news rows
under a section header) through the Python package: its shimmering skeleton is sampled every
frame into one preallocated numpy structured array (``scene.sample(t, out=states)``, no
allocation in the library) and drawn with ``ghostframe.draw.pygame``, in pygame's own primitives
(``pygame.draw.rect`` with ``border_radius``, the shimmer's gradient scaled from a cached strip).

    space   ends the skeleton (``gf.end_skeleton``): its 0.2 s fade, then the content (the real
            layout), shown once the library's content opacity (``scene.content_opacity(t)``)
            reaches 1: no timer of the host's own
    click   on a news row (a card): the expanding-card transition from that card;
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

At exit it prints the frame times: sampling (``scene.sample``), drawing (``draw.pygame``, the
content, the transition's scaled crops) and the total (events, sampling, drawing, flip; not the sleep that
paces a live run to 60 fps), each as mean, p50 and p99 in ms.

    GHOSTFRAME_LIBRARY=... PYTHONPATH=bindings/python python examples/python/pygame_feed.py

Headless: SDL_VIDEODRIVER=dummy. Needs pygame (it bundles SDL2) and numpy
(``pip install 'ghostframe[pygame]'``).
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
from ghostframe import draw  # noqa: E402

W, H = 375, 667
FEED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "trees", "feed.json")

Rect = Tuple[float, float, float, float]


class Feed:
    """The host: the skeleton, the content, the card transition, and the frame timings."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        tree = gf.ViewTree.from_json(FEED)
        self.skeleton = tree.skeleton()
        self.layout = tree.layout()
        self.cards: List[Rect] = [i.frame for i in self.layout if i.kind == "row" and i.clip[3] > 0]
        self.states = np.empty(len(self.skeleton), dtype=gf.LAYER_STATE_DTYPE)
        # Kept bones show the content through holes; the feed has none, so no per-frame read.
        self.has_holes = bool(np.any(self.skeleton.sample_custom("hole", 0.0)))
        self.ended = False
        self.transition: Optional[gf.ExpandTransition] = None
        self.active: Optional[gf.Scene] = None
        self.snapshot: Any = None
        self.started_at = 0.0
        self.exit_from: Optional[float] = None
        self.sample_ms = 0.0

    # -- drawing -----------------------------------------------------------------------------

    def _sample(self, scene: gf.Scene, t: float, out: Any) -> Any:
        began = time.perf_counter()
        states = scene.sample(t, out=out)
        self.sample_ms += (time.perf_counter() - began) * 1000
        return states

    def draw_feed(self, t: float) -> None:
        states = self._sample(self.skeleton, t, self.states)
        self.screen.fill((255, 255, 255))
        if self.ended and self.skeleton.content_opacity(t) >= 1.0:
            self.draw_content()  # the skeleton has faded out: the real views
            return
        holes = self.skeleton.sample_custom("hole", t) if self.has_holes else None
        draw.pygame(self.screen, states, holes=holes)

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
        if not self.ended:
            gf.end_skeleton(self.skeleton, t)
            self.ended = True

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
