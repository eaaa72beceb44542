"""The preload overlay: a background over the host's bounds
holding a loading view in which a marker jumps forever above a narrowing shadow, until
:meth:`PreloadOverlay.dismiss` fades it all out over 0.375 s.

>>> import ghostframe as gf
>>> overlay = gf.PreloadOverlay(375, 667)
>>> overlay.dismiss(2.0)
>>> overlay.removal_time
2.375

Layer ids: ``"preload.background"``, ``"preload.loading"``, ``"preload.marker"``,
``"preload.shadow"`` (sample order). The removal is the ``"ended"`` event of the animation
keyed :data:`DISMISS_KEY` on the background, reported by :meth:`Scene.advance`.
"""

from __future__ import annotations

from ctypes import byref, c_double
from typing import Any, Optional

from ._handle import NativeHandle
from ._convert import as_double
from ._native import gf_preload_p, gf_preload_params, gf_scene_p, lib
from .errors import NotFoundError, argument_type_error, invalid_argument
from ._convert import color_components as _color
from .scene import Event, Scene

#: The key of the dismissal's fade on ``"preload.background"``.
DISMISS_KEY = "preload.dismiss"

#: The layer ids, in sample order.
LAYER_IDS = ("preload.background", "preload.loading", "preload.marker", "preload.shadow")


class PreloadOverlay(NativeHandle):
    """The seed's preload overlay over ``width x height`` bounds.

    Defaults (the library's): white background (the seed's) and the original's constants
    (JESRefreshIcon): a 32 x 32 loading view centred at ``(width / 2, (height - loading_height) /
    2)`` as the seed centres it, a 26 x 26 marker in the seed's refresh fill colour resting at its
    top and jumping 14 points up in 0.235 s (ease-out) and down in 0.475 s (ease-in), a 26 x 3
    shadow on its bottom edge narrowing to 1/1.6 of its width. Colours are ``(r, g, b[, a])`` in
    [0, 1] or colour text (``'#RRGGBB'``, ``'#F00'``, ``'white'``: :func:`ghostframe.parse_color`).

    Raises:
        InvalidArgumentError: NaN, infinities, a size or duration <= 0, a negative jump, a
            narrowing outside [0, 1], a colour outside [0, 1]; nothing is built.
        ArgumentTypeError: a value of the wrong type.
    """

    __slots__ = ("_size",)
    _kind = "PreloadOverlay"
    _no_copy_reason = "it is dismissed in place"

    def __init__(self, width: float, height: float, *, background_color: Any = (1, 1, 1, 1),
                 loading_size: Optional[Any] = None, marker_size: Optional[Any] = None,
                 marker_color: Optional[Any] = None, shadow_size: Optional[Any] = None,
                 shadow_color: Optional[Any] = None, shadow_narrowing: Optional[float] = None,
                 jump_height: Optional[float] = None, jump_duration: Optional[float] = None,
                 down_duration: Optional[float] = None, begin_time: Optional[float] = None) -> None:
        self._handle = None
        self._finalizer = None
        params = gf_preload_params()
        lib.gf_preload_params_init(byref(params))
        params.width = as_double(width, "width")
        params.height = as_double(height, "height")
        (params.background_r, params.background_g, params.background_b,
         params.background_a) = _color(background_color, "background_color")
        if loading_size is not None:
            params.loading_width, params.loading_height = _pair(loading_size, "loading_size")
        if marker_size is not None:
            params.marker_width, params.marker_height = _pair(marker_size, "marker_size")
        if marker_color is not None:
            params.marker_r, params.marker_g, params.marker_b, params.marker_a = _color(marker_color, "marker_color")
        if shadow_size is not None:
            params.shadow_width, params.shadow_height = _pair(shadow_size, "shadow_size")
        if shadow_color is not None:
            params.shadow_r, params.shadow_g, params.shadow_b, params.shadow_a = _color(shadow_color, "shadow_color")
        for name, value in (("shadow_narrowing", shadow_narrowing), ("jump_height", jump_height),
                            ("jump_duration", jump_duration), ("down_duration", down_duration),
                            ("begin_time", begin_time)):
            if value is not None:
                setattr(params, name, as_double(value, name))
        handle = gf_preload_p()
        lib.gf_preload_create(byref(params), byref(handle))
        self._adopt(handle, lib.gf_preload_free)
        self._size = (params.width, params.height)

    @property
    def scene(self) -> Scene:
        """A new :class:`Scene` holding the overlay as it is now (with the fade once dismissed);
        later dismissals do not reach it, so read it again after :meth:`dismiss`."""
        handle = gf_scene_p()
        lib.gf_preload_scene(self._ptr(), byref(handle))
        return Scene._adopting(handle)

    def dismiss(self, at: float) -> None:
        """Starts the seed's ``dismissPreLoading`` at scene time ``at``: the whole overlay fades
        from opacity 1 to 0 over 0.375 s with ease-in-out (``cubic-bezier(0.42, 0, 0.58, 1)``,
        UIView animation's default curve) and is removed at ``at + 0.375``.

        Raises:
            InvalidArgumentError: ``at`` is not finite, or the overlay was already dismissed.
        """
        lib.gf_preload_dismiss(self._ptr(), as_double(at, "at"))

    @property
    def removal_time(self) -> Optional[float]:
        """When the overlay is removed (dismissal + 0.375 s), or None before :meth:`dismiss`."""
        out = c_double()
        try:
            lib.gf_preload_removal_time(self._ptr(), byref(out))
        except NotFoundError:
            return None
        return out.value

    @staticmethod
    def is_removal(event: Event) -> bool:
        """Whether a :meth:`Scene.advance` event says the overlay was removed: the fade's
        ``"ended"`` event going forwards."""
        return (event.key == DISMISS_KEY and event.layer_id == LAYER_IDS[0] and event.kind == "ended"
                and not event.reversed)


    def __repr__(self) -> str:
        if self.closed:
            return "<closed PreloadOverlay>"
        width, height = (f"{v:.4g}" for v in self._size)
        try:
            removal = self.removal_time
        except Exception as exc:  # never let repr fail
            return f"<PreloadOverlay {width} x {height} ({type(exc).__name__}: {exc})>"
        state = "not dismissed" if removal is None else f"removed at {removal:g} s"
        return f"<PreloadOverlay {width} x {height}, {state}>"


def _pair(value: Any, name: str) -> Any:
    if isinstance(value, (str, bytes, bytearray)):
        raise argument_type_error(f"{name} must be (width, height), not {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise argument_type_error(f"{name} must be (width, height), not {type(value).__name__}") from None
    if len(items) != 2:
        raise invalid_argument(f"{name} must have 2 numbers, got {len(items)}")
    return as_double(items[0], f"{name}[0]"), as_double(items[1], f"{name}[1]")
