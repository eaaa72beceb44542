"""Host curves, skeleton effects, node kinds and plugin libraries.

A host extends the library at run time. Names are namespaced, ``vendor.name`` (built-in names
have no dot, so they cannot be taken); registering a name again replaces it for later look-ups,
while curves, scenes and skeletons made before keep what they found.

>>> import ghostframe as gf
>>> gf.register_curve("doc.square", lambda x: x * x)
>>> gf.Curve("doc.square")(0.5)
0.25
>>> gf.unregister_curve("doc.square")

A callable that raises makes the evaluating call raise :class:`~ghostframe.CallbackError` (a
:class:`~ghostframe.GhostframeError`) whose ``__cause__`` is the original exception; a
non-finite result is a failure too. The binding keeps each callable alive while the library
holds it: until it is unregistered or replaced *and* the last curve or scene using it is gone.
"""

from __future__ import annotations

import itertools
import math
import os
import threading
from ctypes import byref, c_void_p
from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Union

from ._convert import as_double, as_text, color_components
from ._handle import NativeHandle
from ._native import (
    gf_curve_fn,
    gf_effect_fn,
    gf_effect_output,
    gf_effect_params,
    gf_free_fn,
    gf_plugin_p,
    lib,
)
from .errors import argument_type_error, invalid_argument, register_trampoline, stash_callback_exception

__all__ = [
    "register_curve",
    "unregister_curve",
    "register_effect",
    "unregister_effect",
    "EffectBone",
    "register_node_kind",
    "unregister_node_kind",
    "load_plugin",
    "Plugin",
]

# The callables the library holds, by the token passed as user_data; removed by the library's
# free_user_data call when the last reference goes. One trampoline per kind serves them all.
_callables: Dict[int, Callable[..., Any]] = {}
_tokens = itertools.count(1)
_lock = threading.Lock()


def _keep(fn: Callable[..., Any]) -> int:
    with _lock:
        token = next(_tokens)
        _callables[token] = fn
    return token


def _release(user_data: Optional[int]) -> None:
    if user_data is not None:
        with _lock:
            _callables.pop(user_data, None)


def _curve_trampoline(user_data: Optional[int], progress: float) -> float:
    try:
        fn = _callables[user_data or 0]
        return float(fn(progress))
    except BaseException as exception:  # noqa: B902 - nothing may cross into C
        stash_callback_exception(exception)
        return math.nan


@dataclass(frozen=True)
class EffectBone:
    """What a skeleton effect is told about one bone at one progress."""

    #: The bone's frame in the skeleton's coordinates.
    x: float
    y: float
    width: float
    height: float
    #: The bone's index among the bones that show the effect, and their count.
    index: int
    count: int
    #: The local progress of one cycle, in [0, 1].
    progress: float


#: What an effect returns: None (no change) or a mapping with any of ``"color"`` (r, g, b[, a]
#: in [0, 1], or colour text: :func:`~ghostframe.parse_color`), ``"opacity"`` (in [0, 1]), ``"scale"`` (one number or (sx, sy)), and
#: ``"gradient"``: a mapping with ``"colors"`` (three colours, at 0, 0.5 and 1), optional
#: ``"start"`` and ``"end"`` (unit points; (0, 0.5) and (1, 0.5) by default). A value outside
#: its range is never clamped: the skeleton raises CallbackError naming the field and the bone.
EffectResult = Optional[Mapping[str, Any]]

_EFFECT_KEYS = frozenset({"color", "opacity", "scale", "gradient"})


def _pair(value: Any, name: str) -> Sequence[float]:
    if isinstance(value, (int, float)):
        return (float(value), float(value))
    pair = [float(v) for v in value]
    if len(pair) != 2:
        raise invalid_argument(f"{name} must be one number or two, got {len(pair)}")
    return pair


def _rgba(value: Any, name: str) -> Sequence[float]:
    """An effect's colour: (r, g, b[, a]) or colour text, read as every colour argument is."""
    return color_components(value, name)


def _write_effect(result: EffectResult, out: gf_effect_output) -> None:
    if result is None:
        return
    unknown = set(result) - _EFFECT_KEYS
    if unknown:
        raise invalid_argument(f"unknown effect keys {sorted(unknown)}; expected {sorted(_EFFECT_KEYS)}")
    if "color" in result:
        out.red, out.green, out.blue, out.alpha = _rgba(result["color"], "color")
    if "opacity" in result:
        out.opacity = float(result["opacity"])
    if "scale" in result:
        out.scale_x, out.scale_y = _pair(result["scale"], "scale")
    gradient = result.get("gradient")
    if gradient is not None:
        colors = [_rgba(c, "gradient colour") for c in gradient["colors"]]
        if len(colors) != 3:
            raise invalid_argument(f"a gradient has 3 colours, got {len(colors)}")
        for i, rgba in enumerate(colors):
            for j in range(4):
                out.gradient_colors[4 * i + j] = rgba[j]
        out.gradient_start_x, out.gradient_start_y = _pair(gradient.get("start", (0, 0.5)), "start")
        out.gradient_end_x, out.gradient_end_y = _pair(gradient.get("end", (1, 0.5)), "end")
        out.has_gradient = 1


def _effect_trampoline(user_data: Optional[int], x: float, y: float, width: float, height: float,
                       index: int, count: int, progress: float, out: Any) -> int:
    try:
        fn = _callables[user_data or 0]
        _write_effect(fn(EffectBone(x, y, width, height, index, count, progress)), out.contents)
        return 0
    except BaseException as exception:  # noqa: B902 - nothing may cross into C
        stash_callback_exception(exception)
        return -1


# Their frames count the nesting of library calls and callbacks (errors.py).
register_trampoline(_curve_trampoline)
register_trampoline(_effect_trampoline)
# The C function pointers, alive as long as the module (the library may call them at any time).
_CURVE_TRAMPOLINE = gf_curve_fn(_curve_trampoline)
_EFFECT_TRAMPOLINE = gf_effect_fn(_effect_trampoline)
_FREE = gf_free_fn(_release)


def _callable(fn: Any, what: str) -> Callable[..., Any]:
    if not callable(fn):
        raise argument_type_error(f"{what} must be callable, not {type(fn).__name__}")
    return fn  # type: ignore[no-any-return]


def register_curve(name: str, fn: Callable[[float], float]) -> None:
    """Registers ``fn`` (progress -> eased progress) as the curve ``name`` (``vendor.name``).

    The name is then a curve spec everywhere: ``gf.Curve(name)``, a timing's easing, scene and
    timeline JSON, a view tree's style. ``fn`` is called with a float (never NaN), possibly
    from several threads, and must return a finite number.

    Raises:
        InvalidArgumentError: a bad name (no dot, a built-in name, bad characters).
        ArgumentTypeError: ``fn`` is not callable.
    """
    fn = _callable(fn, "fn")
    token = _keep(fn)
    try:
        lib.gf_register_curve(as_text(name, "name"), _CURVE_TRAMPOLINE, c_void_p(token), _FREE)
    except BaseException:
        _release(token)  # the library did not take it
        raise


def unregister_curve(name: str) -> None:
    """Removes the curve registered as ``name``; curves and scenes made with it keep it.

    Raises:
        NotFoundError: no curve is registered as ``name``.
    """
    lib.gf_unregister_curve(as_text(name, "name"))


def register_effect(name: str, fn: Callable[[EffectBone], EffectResult], *, duration: float = 1.5,
                    samples: int = 31) -> None:
    """Registers ``fn`` as the skeleton effect ``name``, usable as a view tree's
    ``style.animation``.

    When a skeleton is generated, ``fn(bone)`` is called for every bone showing the effect at
    ``samples`` progresses ``k / (samples - 1)``; what it returns (see :data:`EffectResult`)
    becomes keyframe animations of the bone's colour, opacity, scale and gradient, repeating
    every ``duration`` seconds, sampled like the built-in effects.

    Raises:
        InvalidArgumentError: a bad name, ``samples`` outside 2...1000, ``duration`` not > 0.
        ArgumentTypeError: ``fn`` is not callable.
    """
    fn = _callable(fn, "fn")
    if not isinstance(samples, int) or isinstance(samples, bool):
        raise argument_type_error(f"samples must be an int, not {type(samples).__name__}")
    params = gf_effect_params()
    lib.gf_effect_params_init(byref(params))
    params.duration = as_double(duration, "duration")
    if not 0 <= samples <= 0xFFFFFFFF:
        raise invalid_argument(f"samples must be in 2...1000 (got {samples})")
    params.samples = samples
    token = _keep(fn)
    try:
        lib.gf_register_effect(as_text(name, "name"), _EFFECT_TRAMPOLINE, byref(params), c_void_p(token), _FREE)
    except BaseException:
        _release(token)
        raise


def unregister_effect(name: str) -> None:
    """Removes the effect registered as ``name``; skeletons generated with it keep it.

    Raises:
        NotFoundError: no effect is registered as ``name``.
    """
    lib.gf_unregister_effect(as_text(name, "name"))


def register_node_kind(name: str, base: str, **defaults: Any) -> None:
    """Registers ``name`` as a host widget type read as the built-in ``base`` kind with
    ``defaults`` wherever a node does not set them: ``lines``, ``align``, ``cornerRadius`` (also
    ``"50%"``: half the width, ``"50%h"``: half the height), ``hidden``, ``skeleton``, ``style``.

    >>> gf.register_node_kind("doc.Avatar", "image", cornerRadius="50%")  # doctest: +SKIP

    Raises:
        InvalidArgumentError: a bad name, base or default.
    """
    import json

    lib.gf_register_node_kind(as_text(name, "name"), as_text(base, "base"),
                              as_text(json.dumps(defaults), "defaults"))


def unregister_node_kind(name: str) -> None:
    """Removes the node kind registered as ``name``.

    Raises:
        NotFoundError: no node kind is registered as ``name``.
    """
    lib.gf_unregister_node_kind(as_text(name, "name"))


# Plugins stay loaded until unloaded, whatever happens to the Python object.
_loaded: Dict[int, "Plugin"] = {}


class Plugin(NativeHandle):
    """A plugin library loaded with :func:`load_plugin`: what it registered stays registered
    until :meth:`unload` (or the end of a ``with`` block); dropping the object does not unload it.
    Curves and scenes still using the plugin's callbacks keep working after unloading."""

    __slots__ = ("path",)
    _kind = "Plugin"
    _no_copy_reason = "it is a loaded library"

    path: str

    def __init__(self, path: Union[str, "os.PathLike[str]"]) -> None:
        self._handle = None
        self._finalizer = None
        self.path = os.fspath(path)
        handle = gf_plugin_p()
        lib.gf_plugin_load(as_text(self.path, "path"), byref(handle))
        self._adopt(handle, lib.gf_plugin_unload)
        _loaded[id(self)] = self

    def unload(self) -> None:
        """Removes what the plugin registered (if still registered by it). Calling it again
        does nothing."""
        _loaded.pop(id(self), None)
        self.close()

    def __exit__(self, *exc_info: object) -> None:
        self.unload()

    def __repr__(self) -> str:
        state = "unloaded" if self.closed else "loaded"
        return f"<Plugin {self.path!r} {state}>"


def load_plugin(path: Union[str, "os.PathLike[str]"]) -> Plugin:
    """Loads the plugin library at ``path`` (``gf_plugin_load``) and returns it.

    Raises:
        NotFoundError: the file cannot be loaded or has no ``gf_plugin_init``.
        InvalidArgumentError: the plugin was built for another ABI version.
        GhostframeError: the plugin's entry point failed (its status).
    """
    return Plugin(path)
