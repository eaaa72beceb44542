"""The gallery's timelines and chains: each example timeline played on its stage, and the seed's
one-liner chain, as looping GIFs.

``ghostframe gallery`` renders these after the view trees. A timeline ``examples/timelines/NAME.json``
is played on the scene ``examples/timelines/stages/NAME.json`` (the layers its instances name) and
written to ``timeline-NAME.gif``; the chain of seed 001 (``spring.centerBy(0, 100).easeOut.spring
.sizeBy(100, 100).spring.cornerRadiusBy(4)``) is written to ``chain-oneliner.gif``; the preload overlay of
seed 003 (three jumps, then the 0.375 s dismissal) to ``preload.gif``. Every GIF holds
the whole animation plus a short rest at the end, so the loop shows where things come to rest.
"""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

from .errors import InternalError, invalid_argument
from .scene import Scene

#: Seconds shown after the last animation ends, before the GIF loops.
REST = 0.5


@dataclass(frozen=True)
class MotionGif:
    """One GIF the motion gallery wrote."""

    path: str
    """Where it was written."""
    frames: int
    """How many frames it has."""
    duration: float
    """The seconds it lasts (the animation and the rest)."""
    bytes: int
    """Its size in bytes."""


def _write(scene: Scene, duration: float, path: str, *, fps: float, scale: float) -> MotionGif:
    from .preview import frame_times, render_frames, save_gif

    length = duration + REST
    times = frame_times(length, fps)
    # The last frame is the state at rest, whatever the frame rate.
    times[-1] = max(times[-1], duration)
    frames = render_frames(scene, times, scale=scale)
    save_gif(frames, path, fps)
    return MotionGif(path=path, frames=len(frames), duration=length, bytes=os.path.getsize(path))


def timeline_gif(timeline_path: str, stage_path: str, output: str, *, fps: float = 20,
                 scale: float = 1) -> MotionGif:
    """Plays the timeline document at ``timeline_path`` on the scene at ``stage_path`` and writes
    the frames to the GIF ``output``.

    Raises:
        GhostframeError: a timeline or scene the engine refuses (a layer the stage lacks is
            :class:`~ghostframe.NotFoundError`); :class:`~ghostframe.MissingDependencyError`
            without skia-python or Pillow.
    """
    from .timeline import Timeline

    with open(stage_path, encoding="utf-8") as stage_file:
        scene = Scene.from_json(stage_file.read())
    with open(timeline_path, encoding="utf-8") as timeline_file:
        with Timeline.from_json(timeline_file.read()) as timeline:
            timeline.apply(scene)
            duration = timeline.duration
    return _write(scene, duration, output, fps=fps, scale=scale)


def chain_oneliner_scene() -> Tuple[Scene, float]:
    """The scene of the seed's one-liner: a 60 × 60 box on a 360 × 300 stage, and its chain
    applied; returns ``(scene, duration)``."""
    from .chain import Chain

    scene = Scene()
    scene.add_layer("stage", frame=(0, 0, 360, 300), background_color="#F4F5F7")
    scene.add_layer("box", parent="stage", frame=(150, 40, 60, 60), background_color="#3F51B5")
    chain = Chain("box").spring.center_by(0, 100).ease_out.spring.size_by(100, 100).spring.corner_radius_by(4)
    chain.apply(scene)
    duration = max(entry.end for entry in chain.schedule())
    return scene, duration


def chain_gif(output: str, *, fps: float = 20, scale: float = 1) -> MotionGif:
    """Writes the seed's one-liner chain (:func:`chain_oneliner_scene`) to the GIF ``output``."""
    scene, duration = chain_oneliner_scene()
    return _write(scene, duration, output, fps=fps, scale=scale)


def preload_scene() -> Tuple[Scene, float]:
    """The seed's preload overlay with its defaults over 240 × 320 bounds: three jump cycles
    (0.9 s each), then dismissed; returns ``(scene, duration)``, the duration ending when the
    overlay is removed."""
    from .preload import PreloadOverlay

    overlay = PreloadOverlay(240, 320)
    overlay.dismiss(2.7)
    removal = overlay.removal_time
    if removal is None:  # pragma: no cover - dismiss() sets it
        raise InternalError(-100, "the dismissed overlay has no removal time")
    return overlay.scene, removal


def preload_gif(output: str, *, fps: float = 20, scale: float = 1) -> MotionGif:
    """Writes the preload overlay (:func:`preload_scene`) to the GIF ``output``."""
    scene, duration = preload_scene()
    return _write(scene, duration, output, fps=fps, scale=scale)


def render_motion(timelines_dir: str, out_dir: str, *, fps: float = 20, scale: float = 1,
                  report: Optional[Callable[[MotionGif], None]] = None) -> List[MotionGif]:
    """Writes ``timeline-NAME.gif`` for every ``timelines_dir/NAME.json`` that has a stage
    ``timelines_dir/stages/NAME.json``, ``chain-oneliner.gif`` and ``preload.gif``, into ``out_dir``.

    Raises:
        InvalidArgumentError: a timeline without a stage (each needs one to be drawn).
    """
    written: List[MotionGif] = []
    for path in sorted(glob.glob(os.path.join(glob.escape(timelines_dir), "*.json"))):
        name = os.path.splitext(os.path.basename(path))[0]
        stage = os.path.join(timelines_dir, "stages", name + ".json")
        if not os.path.isfile(stage):
            raise invalid_argument(f"{path}: no stage {stage} (the scene whose layers the timeline animates)")
        written.append(timeline_gif(path, stage, os.path.join(out_dir, f"timeline-{name}.gif"), fps=fps,
                                    scale=scale))
        if report:
            report(written[-1])
    written.append(chain_gif(os.path.join(out_dir, "chain-oneliner.gif"), fps=fps, scale=scale))
    if report:
        report(written[-1])
    written.append(preload_gif(os.path.join(out_dir, "preload.gif"), fps=fps, scale=scale))
    if report:
        report(written[-1])
    return written
