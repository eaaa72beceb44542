"""The gallery's timelines and chains: each example timeline played on its stage, and the seed's
one-liner chain, as looping GIFs.

``ghostframe gallery`` renders these after the view trees. A timeline ``examples/timelines/NAME.json``
is played on the scene ``examples/timelines/stages/NAME.json`` (the layers its instances name) and
written to ``timeline-NAME.gif``; the one-liner chain (``spring.centerBy(0, 100).easeOut.spring
.sizeBy(100, 100).spring.cornerRadiusBy(4)``) is written to ``chain-oneliner.gif``; the preload overlay
(three jumps, then the 0.375 s dismissal) to ``preload.gif``; the seed's pull-to-refresh
control (pull past the trigger, hold, refresh, end) to ``pull-to-refresh.gif``. Every GIF holds
the whole animation plus a short rest at the end, so the loop shows where things come to rest.
"""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass
from typing import Any, Callable, List, Optional, Tuple

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
    from .chain_shorthand import ViewAnimationChain

    scene = Scene()
    scene.add_layer("stage", frame=(0, 0, 360, 300), background_color="#F4F5F7")
    scene.add_layer("box", parent="stage", frame=(150, 40, 60, 60), background_color="#3F51B5")
    # AXAnimationChain's view shorthand: the three springs run together from t = 0.
    chain = (ViewAnimationChain("box")
             .spring.center_by(0, 100).ease_out.spring.size_by(100, 100).spring.corner_radius_by(4))
    chain.apply(scene)
    duration = max(entry.end for entry in chain.schedule())
    return scene, duration


def chain_gif(output: str, *, fps: float = 20, scale: float = 1) -> MotionGif:
    """Writes the seed's one-liner chain (:func:`chain_oneliner_scene`) to the GIF ``output``."""
    scene, duration = chain_oneliner_scene()
    return _write(scene, duration, output, fps=fps, scale=scale)


def preload_scene() -> Tuple[Scene, float]:
    """The seed's preload overlay with its defaults over 240 × 320 bounds: three jump cycles
    (JESRefreshIcon's 0.235 s up + 0.475 s down = 0.71 s each), then dismissed; returns
    ``(scene, duration)``, the duration ending when the overlay is removed."""
    from .preload import PreloadOverlay

    overlay = PreloadOverlay(240, 320)
    overlay.dismiss(3 * (0.235 + 0.475))
    removal = overlay.removal_time
    if removal is None:  # pragma: no cover - dismiss() sets it
        raise InternalError(-100, "the dismissed overlay has no removal time")
    return overlay.scene, removal


def preload_gif(output: str, *, fps: float = 20, scale: float = 1) -> MotionGif:
    """Writes the preload overlay (:func:`preload_scene`) to the GIF ``output``."""
    scene, duration = preload_scene()
    return _write(scene, duration, output, fps=fps, scale=scale)


#: The pull-to-refresh GIF's script, in seconds: the pull to PULL_DEPTH ends at PULL_END, is held
#: until REFRESH_BEGIN, the control refreshes until REFRESH_END and then closes on its spring.
PULL_DEPTH, PULL_END, REFRESH_BEGIN, REFRESH_END, CLOSE = 130.0, 1.0, 1.4, 3.4, 0.8
#: The pull area's width in the GIF, and the colour drawn below it (the content the pull uncovers
#: is above it; this stands for the table below, so that the white pull area shows).
PULL_WIDTH, PULL_BELOW = 240.0, (96, 104, 112)
#: The logo's stand-in colour in the GIF: the previewer draws contents unrotated, so the logo layer
#: is filled (a rounded square that does rotate) to show the refreshing spin.
LOGO_FILL = (0.35, 0.40, 0.45, 1.0)


def pull_to_refresh_script(width: float = PULL_WIDTH) -> Tuple[Any, Callable[[float], Any], float]:
    """The seed's pull-to-refresh control over a ``width``-point pull area, scripted: pulled
    linearly to 130 (past the trigger, 95) over 1 s, held until 1.4 s, refreshing (the logo
    spinning) until 3.4 s, then closing on the control's spring. Returns ``(control, states,
    duration)``: ``states(t)`` is what the control draws at script time ``t`` (``sample`` of the
    pull while pulled and held, ``sample_at_clock`` from the refresh on)."""
    from .scrub import PullToRefresh

    control = PullToRefresh(width)
    control.begin_refreshing(REFRESH_BEGIN)
    control.end_refreshing(REFRESH_END)

    def states(t: float) -> Any:
        if t < REFRESH_BEGIN:
            return control.sample(PULL_DEPTH * min(max(t, 0.0) / PULL_END, 1.0))
        return control.sample_at_clock(t)

    return control, states, REFRESH_END + CLOSE


def pull_to_refresh_gif(output: str, *, fps: float = 20, scale: float = 1) -> MotionGif:
    """Writes the scripted pull-to-refresh (:func:`pull_to_refresh_script`) to the GIF ``output``."""
    from .preview import Renderer, frame_times, save_gif

    control, states, duration = pull_to_refresh_script()
    logo = 3  # refresh.logo, the last of the control's four layers

    class ScriptRenderer(Renderer):
        """Draws the control's states at script time ``t`` (its scene gives the layers), the
        logo filled with :data:`LOGO_FILL`."""

        def _states(self, t: float) -> List[Any]:
            sampled = states(t)
            if hasattr(sampled, "dtype"):
                for name, value in zip(("r", "g", "b", "a"), LOGO_FILL):
                    sampled[name][logo] = value
                return list(sampled.tolist())
            rows = list(sampled)
            rows[logo] = rows[logo]._replace(r=LOGO_FILL[0], g=LOGO_FILL[1], b=LOGO_FILL[2], a=LOGO_FILL[3])
            return rows

    renderer = ScriptRenderer(control.scene, scale=scale, size=(PULL_WIDTH, control.maximum_pull),
                              background=PULL_BELOW)
    length = duration + REST
    times = frame_times(length, fps)
    times[-1] = max(times[-1], duration)
    frames = [renderer.render(t) for t in times]
    save_gif(frames, output, fps)
    return MotionGif(path=output, frames=len(frames), duration=length, bytes=os.path.getsize(output))


def render_motion(timelines_dir: str, out_dir: str, *, fps: float = 20, scale: float = 1,
                  report: Optional[Callable[[MotionGif], None]] = None) -> List[MotionGif]:
    """Writes ``timeline-NAME.gif`` for every ``timelines_dir/NAME.json`` that has a stage
    ``timelines_dir/stages/NAME.json``, ``chain-oneliner.gif``, ``preload.gif`` and
    ``pull-to-refresh.gif``, into ``out_dir``.

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
    written.append(pull_to_refresh_gif(os.path.join(out_dir, "pull-to-refresh.gif"), fps=fps, scale=scale))
    if report:
        report(written[-1])
    return written
