"""The expanding-card transition: :class:`ExpandTransition` and its :class:`ExpandPart`.

A host passes its window size, the visible images' rects in window coordinates and the tapped
one; the transition computes the seed's parts (the window above and below the tapped image, the
tapped image, every other image) and builds a :class:`~ghostframe.Scene` animating each part
from its start to its end rect. :meth:`ExpandTransition.exit` is the exact reverse, begun at
any point of the entry without a jump.

Drawing: part ``i`` is layer ``i + 1`` of the scene (layer 0 is the root ``"card"`` covering
the window). Crop the window snapshot taken at the tap at the part's :attr:`ExpandPart.source`
(window coordinates) and draw it stretched into the layer's sampled frame, in z order (up and
down 0, other images 1, the tapped image 2).

>>> t = ExpandTransition(window=(375, 667), images=[(105, 300, 150, 125), (270, 300, 150, 125)],
...                      tapped=0, curve="linear")
>>> [p.kind for p in t.parts]
['up', 'down', 'tapped', 'image']
>>> t.parts[3].end
(412.5, 0.0, 375.0, 250.0)
"""

from __future__ import annotations

from ctypes import byref, c_double, c_size_t
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _native
from ._convert import as_double, c_text
from ._handle import NativeHandle, holding
from ._native import gf_expand_params, gf_expand_part, gf_expand_transition_p, gf_scene_p, lib
from .card_tools import SnapshotLayerPool
from .curve import Curve
from .errors import BufferTooSmallError, argument_type_error, invalid_argument
from .scene import Scene

__all__ = ["ExpandTransition", "ExpandPart"]

Rect = Tuple[float, float, float, float]

_KINDS = {
    _native.GF_EXPAND_PART_UP: "up",
    _native.GF_EXPAND_PART_DOWN: "down",
    _native.GF_EXPAND_PART_TAPPED: "tapped",
    _native.GF_EXPAND_PART_IMAGE: "image",
}


class ExpandPart(NamedTuple):
    """One part of the transition (``gf_expand_part``).

    Attributes:
        kind: ``"up"``, ``"down"``, ``"tapped"`` or ``"image"``.
        start: the frame (x, y, width, height) at the start of the entry, window coordinates.
        end: the frame at the end of the entry.
        source: the rect of the window snapshot the part is cropped from (its start rect).
        image_index: the index in ``images``, or None for the up and down parts.
    """

    kind: str
    start: Rect
    end: Rect
    source: Rect
    image_index: Optional[int]


class ExpandTransition(NativeHandle):
    """Airbnb's expanding-card transition as a scene.

    Args:
        window: (W, H), finite and > 0.
        images: the visible images' rects (x, y, width, height) in window coordinates: finite,
            width and height > 0; at most 10,000.
        tapped: the index of the tapped image, which must overlap the window.
        ratio: rho, the tapped image ends at (0, 0, W, W * rho); default 2/3.
        duration: the entry's seconds, > 0; default 0.35 (JPAnimationTool's).
        delay: the seconds before the motion starts, >= 0; default 0.1 (JPAnimationTool's).
        curve: a curve spec (str) or :class:`~ghostframe.Curve`; None for ease-out
            (JPAnimationTool's ``UIViewAnimationOptionCurveEaseOut``).
        pool: a :class:`~ghostframe.SnapshotLayerPool` to take the part layers' ids from (all
            or none; give them back with :meth:`release`), so consecutive transitions reuse
            them; None for a fresh pool.

    Raises:
        InvalidArgumentError: a bad size, ratio, duration, delay, NaN or infinity, an empty or
            negative rect, a tapped index out of range or not visible.
        ParseError: a bad curve spec. LimitError: too many images, or a pool that cannot
            supply the layers (it is then unchanged).
        ArgumentTypeError: arguments of the wrong type (also a TypeError).
    """

    __slots__ = ("parts", "scene", "duration", "delay")
    _kind = "ExpandTransition"

    def __init__(
        self,
        window: Sequence[float],
        images: Sequence[Sequence[float]],
        tapped: int,
        ratio: float = 2.0 / 3.0,
        duration: float = 0.35,
        curve: Union[str, Curve, None] = None,
        pool: Optional[SnapshotLayerPool] = None,
        delay: float = 0.1,
    ) -> None:
        self._handle = None
        self._finalizer = None
        if isinstance(window, (str, bytes)) or not hasattr(window, "__len__") or len(window) != 2:
            raise invalid_argument("window must be (width, height)")
        if isinstance(images, (str, bytes)) or not hasattr(images, "__len__"):
            raise argument_type_error("images must be a sequence of (x, y, width, height)")
        flat: List[float] = []
        for i, rect in enumerate(images):
            if isinstance(rect, (str, bytes)) or not hasattr(rect, "__len__") or len(rect) != 4:
                raise invalid_argument(f"images[{i}] must be (x, y, width, height)")
            flat.extend(as_double(v, f"images[{i}]") for v in rect)
        if isinstance(tapped, bool) or not isinstance(tapped, int):
            raise argument_type_error(f"tapped must be an int, not {type(tapped).__name__}")
        if tapped < 0 or tapped >= len(images):
            raise invalid_argument(f"tapped index {tapped} is out of range 0..{len(images) - 1}")
        params = gf_expand_params()
        lib.gf_expand_params_init(byref(params))
        params.window_width = as_double(window[0], "window[0]")
        params.window_height = as_double(window[1], "window[1]")
        array = (c_double * max(len(flat), 1))(*flat)
        params.images = array
        params.image_count = len(images)
        params.tapped = tapped
        params.ratio = as_double(ratio, "ratio")
        params.duration = as_double(duration, "duration")
        params.delay = as_double(delay, "delay")
        if isinstance(curve, Curve):
            params.curve = c_text(curve.spec, "curve")
        elif curve is not None:
            params.curve = c_text(curve, "curve")
        if pool is not None and not isinstance(pool, SnapshotLayerPool):
            raise argument_type_error(f"pool must be None or a SnapshotLayerPool, not {type(pool).__name__}")
        handle = gf_expand_transition_p()
        if pool is None:
            lib.gf_expand_transition_create(byref(params), byref(handle))
        else:
            with holding(pool):
                lib.gf_expand_transition_create_in_pool(byref(params), pool._ptr(), byref(handle))
        self._adopt(handle, lib.gf_expand_transition_free)
        self.duration = params.duration
        self.delay = params.delay
        self.parts = self._read_parts()
        scene = gf_scene_p()
        lib.gf_expand_transition_scene(self._ptr(), byref(scene))
        #: The entry: every part animated from start to end, after the delay.
        self.scene = Scene._adopting(scene)

    def _read_parts(self) -> List[ExpandPart]:
        count = c_size_t()
        try:
            lib.gf_expand_transition_parts(self._ptr(), None, 0, byref(count))
        except BufferTooSmallError:
            pass
        parts = (gf_expand_part * count.value)()
        lib.gf_expand_transition_parts(self._ptr(), parts, count.value, byref(count))
        return [
            ExpandPart(
                kind=_KINDS.get(p.kind, "image"),
                start=tuple(p.start),
                end=tuple(p.end),
                source=tuple(p.source),
                image_index=None if p.image_index < 0 else p.image_index,
            )
            for p in parts
        ]

    def release(self, pool: SnapshotLayerPool) -> None:
        """Gives the part layers back to ``pool`` (the one the transition was made from) for the
        next transition.

        Raises:
            InvalidArgumentError: a layer not in use in ``pool`` (another pool, a transition made
                without one, or released already); the pool is then unchanged.
        """
        if not isinstance(pool, SnapshotLayerPool):
            raise argument_type_error(f"pool must be a SnapshotLayerPool, not {type(pool).__name__}")
        with holding(pool):
            lib.gf_expand_transition_release(self._ptr(), pool._ptr())

    def exit(self, at: float) -> Scene:
        """The exit begun when the entry's scene was at time ``at``.

        After a finished entry (``at >= delay + duration``) it is the original's dismissal:
        forwards from the end frames to the start frames, after the delay, over the duration,
        with the curve (not the entry played backwards). An entry still running is retraced from
        where it is: with ``e = clamp(at - delay, 0, duration)`` the returned scene at ``s``
        equals :attr:`scene` at ``delay + e - s``, without a jump.

        Raises:
            InvalidArgumentError: NaN or infinity.
        """
        out = gf_scene_p()
        lib.gf_expand_transition_exit(self._ptr(), as_double(at, "at"), byref(out))
        return Scene._adopting(out)

    def __repr__(self) -> str:
        if self.closed:
            return "<closed ExpandTransition>"
        images = sum(1 for part in self.parts if part.kind in ("image", "tapped"))
        tapped = next((part.image_index for part in self.parts if part.kind == "tapped"), None)
        return (f"<ExpandTransition: image {tapped} of {images} tapped, {len(self.parts)} parts, "
                f"{self.duration:g} s after a {self.delay:g} s delay>")
