"""Scenes: :class:`Scene`, a layer tree plus its animations, sampled at any time.

A :class:`Scene` holds layers (Core Animation's model properties: frame, anchor point,
corner radius, colour, opacity, transform, gradient, custom scalars) and the animations
attached to them. :meth:`Scene.sample` computes what every layer looks like at a time -
a pure function of that time - and :meth:`Scene.advance` reports which animations started
and ended between two times.

:meth:`Scene.sample` returns a numpy structured array of :data:`LAYER_STATE_DTYPE` when
numpy is installed, and a list of :class:`LayerState` otherwise; both have the fields of
the C struct ``gf_layer_state`` under the same names (both derived from it in
``ghostframe._states``, and exported here).

>>> scene = Scene()
>>> scene.add_layer("card", frame=(10, 20, 100, 50), background_color="#FF0000")
0
>>> _ = scene.add_animation("card", Animation.basic("opacity", from_=0, to=1, timing=Timing(1)))
>>> state = scene.sample(0.25)[0]
>>> float(state["opacity"] if hasattr(state, "dtype") else state.opacity)
0.25
"""

from __future__ import annotations

import io
import json
import numbers
import os
import sys
from threading import get_ident
from array import array
from ctypes import addressof, byref, c_char, c_double, c_size_t, c_uint32, c_uint64, c_void_p
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    List,
    Mapping,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from . import _native
from ._convert import ColorLike, as_double, as_flag, c_text, color_components
from ._callbacks import Receiver, check_callback
from ._handle import SharedHandle, holding, locks_itself
from ._limits import MAX_JSON_DEPTH, MAX_JSON_VALUES, check_json_shape
from ._source import PathSource, naming_the_file, read_file, read_source
from .documents import SceneDocument
from ._native import gf_event_fn, gf_layer_desc, gf_layer_info, gf_scene_p, lib
from . import _states
from ._states import (
    STATE_SIZE,
    LayerState,
    LayerStates,
    StatesArray,
    dtype_for,
    empty_states,
    layer_state_dtype,
    states_from_buffer,
)
from ._states import numpy_or_none as _numpy
from .animation import Animation
from .errors import (
    GF_E_BUFFER_TOO_SMALL,
    BufferTooSmallError,
    GhostframeError,
    InternalError,
    InvalidArgumentError,
    argument_type_error,
    invalid_argument,
)
from .timing import Timing  # noqa: F401  (used by the module's doctest)

if TYPE_CHECKING:  # pragma: no cover
    from .export import ExportResult
    import numpy
    import numpy as np

__all__ = [
    "Scene",
    "LayerState",
    "LayerStates",
    "StatesArray",
    "LayerInfo",
    "Event",
    "layer_state_dtype",
    "empty_states",
    "MAX_SAMPLE_THREADS",
]

#: The most threads :meth:`Scene.sample` may use for one frame (``threads=``), the calling
#: thread included (``GF_MAX_SAMPLE_THREADS``).
MAX_SAMPLE_THREADS = _native.GF_MAX_SAMPLE_THREADS

Color = ColorLike

#: What :meth:`Scene.from_json` reads: a dict (typed as :class:`~ghostframe.documents.SceneDocument`,
#: so a type checker reads its keys), JSON text, UTF-8 bytes or a path (the rule of every loader).
SceneSource = Union[SceneDocument, str, bytes, bytearray, memoryview, "os.PathLike[str]"]

# The array passed as ``out=``: sample() returns that array (or a view of it) with its type.
_Array = TypeVar("_Array", bound="numpy.ndarray[Any, Any]")

#: gf_scene_sample without the errcheck and without argument types (sample(t, out=) passes
#: ctypes objects of the declared types - the handle, a c_double, a c_void_p, a c_size_t and a
#: byref of a c_size_t - and checks the status itself).
_sample_unchecked = lib.unchecked("gf_scene_sample", typed=False)
#: gf_scene_sample_range and gf_scene_sample_threads likewise (ctypes objects of the declared
#: types: c_double, c_size_t / c_uint32, c_void_p, c_size_t, a byref of a c_size_t).
_range_unchecked = lib.unchecked("gf_scene_sample_range", typed=False)
_threads_unchecked = lib.unchecked("gf_scene_sample_threads", typed=False)
_BUFFER_TOO_SMALL = GF_E_BUFFER_TOO_SMALL
_SIZE_LIMIT = 2**64  # a size_t argument is below it
#: How many threads' remembered ``out=`` arrays (shared reads) a scene keeps before it drops them all.
_MAX_BUFFERS = 16


def __getattr__(name: str) -> Any:
    if name in ("LayerRow", "LAYER_STATE_DTYPE"):  # made with numpy, on first use (ghostframe._states)
        return getattr(_states, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ---------------------------------------------------------------------------------------
# Layer identity
# ---------------------------------------------------------------------------------------


class LayerInfo(NamedTuple):
    """Who a layer is (``gf_scene_layer_info``): its id, and for a skeleton bone's layer the host
    view it stands for, so a host goes from a sampled row back to its own view (and with
    :meth:`Scene.layer`, from an id to the row).

    Attributes:
        id: the layer's id (``"bone:3"``, ``"bone:1:line:0"``, ``"container:root"``).
        view_id: the id of the view a bone's layer stands for (the view tree node's ``id``);
            ``None`` when that view has no id, or the layer stands for no view.
        kind: the view's kind as the view tree names it (``"label"``, ``"image"``, ...; a host
            node kind is reported as its base kind); ``None`` for a layer that stands for no view
            (a skeleton's root and containers, the layers a host adds itself).
        line: the line of a multi-line bone's layer (``"bone:1:line:2"`` has 2), else ``None``.
    """

    id: str
    view_id: Optional[str]
    kind: Optional[str]
    line: Optional[int]

    @property
    def is_bone(self) -> bool:
        """The layer stands for a view (a skeleton bone's layer)."""
        return self.kind is not None


#: GF_VIEW_* codes to the view tree's kind names.
_VIEW_KIND_NAMES = {
    _native.GF_VIEW_VIEW: "view",
    _native.GF_VIEW_LABEL: "label",
    _native.GF_VIEW_IMAGE: "image",
    _native.GF_VIEW_BUTTON: "button",
    _native.GF_VIEW_TEXT_FIELD: "textField",
    _native.GF_VIEW_TEXT_VIEW: "textView",
    _native.GF_VIEW_TABLE: "table",
    _native.GF_VIEW_COLLECTION: "collection",
}


# ---------------------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------------------


class Event(NamedTuple):
    """An animation starting or ending, reported by :meth:`Scene.advance`.

    Attributes:
        kind: ``"started"`` (it entered its active interval) or ``"ended"`` (it left it).
        animation_id: the id :meth:`Scene.add_animation` returned.
        time: the scene time of the boundary.
        layer_id: the layer the animation is attached to.
        key: the key it was added under, or ``None``.
        reversed: time moved backwards across the boundary; ``"started"`` then means it
            entered the active interval from its end, ``"ended"`` that it left at its start.
    """

    kind: str
    animation_id: int
    time: float
    layer_id: str
    key: Optional[str]
    reversed: bool


_EVENT_KINDS = {_native.GF_EVENT_STARTED: "started", _native.GF_EVENT_ENDED: "ended"}


def _event_reader(source: str) -> Callable[[Any], Event]:
    """The converter of a ``gf_event`` reported by ``source`` (named if the kind is unknown)."""

    def read(raw: Any) -> Event:
        kind = _EVENT_KINDS.get(raw.kind)
        if kind is None:
            raise InternalError(-100, f"{source} reported an unknown event kind {raw.kind}")
        return Event(
            kind,
            raw.animation_id,
            raw.time,
            (raw.layer_id or b"").decode("utf-8", "replace"),
            None if raw.key is None else raw.key.decode("utf-8", "replace"),
            bool(raw.reversed),
        )

    return read


_READ_SCENE_EVENT = _event_reader("gf_scene_advance")

# ---------------------------------------------------------------------------------------
# Layer descriptions
# ---------------------------------------------------------------------------------------


class _LibraryDefault:
    """The default of a layer keyword: the field keeps what ``gf_layer_desc_init`` wrote (the
    library's defaults, which are Swift ``Layer``'s), so the binding holds no numbers of its own."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<the library's default>"


#: A keyword of :meth:`Scene.add_layer` and :meth:`Scene.update_layer` left out: the library's
#: default (typed Any so that it stands in for any argument type).
LIBRARY_DEFAULT: Any = _LibraryDefault()


def _numbers(value: Any, count: int, name: str) -> List[float]:
    if isinstance(value, (str, bytes, bytearray)) or value is None:
        raise argument_type_error(f"{name} must be a sequence of {count} numbers, not {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise argument_type_error(f"{name} must be a sequence of {count} numbers, not {type(value).__name__}") from None
    if len(items) != count:
        raise invalid_argument(f"{name} must have {count} numbers, got {len(items)}")
    return [as_double(item, f"{name}[{i}]") for i, item in enumerate(items)]


#: A colour argument as its 4 channels (colour text through the library's parser, or numbers).
_color = color_components


_GRADIENT_KEYS = ("colors", "locations", "start_point", "end_point")


def _fill_gradient(desc: gf_layer_desc, gradient: Any) -> None:
    if gradient is None:
        return
    if not isinstance(gradient, Mapping):
        raise argument_type_error(f"gradient must be a dict (colors, locations, start_point, end_point) or None, "
                        f"not {type(gradient).__name__}")
    unknown = [k for k in gradient if k not in _GRADIENT_KEYS]
    if unknown:
        raise argument_type_error(f"gradient has unknown key(s) {unknown}; expected {list(_GRADIENT_KEYS)}")
    if "colors" not in gradient:
        raise argument_type_error("gradient needs 'colors': a list of colours")
    colors = gradient["colors"]
    if isinstance(colors, (str, bytes)) or colors is None:
        raise argument_type_error("gradient['colors'] must be a list of colours")
    try:
        colors = list(colors)
    except TypeError:
        raise argument_type_error(f"gradient['colors'] must be a list of colours, not {type(colors).__name__}") from None
    rgba = [_color(c, f"gradient['colors'][{i}]") for i, c in enumerate(colors)]
    # The counts go to the library as given (it rejects more than 4 stops with its own
    # message); only the stops that fit the struct are copied.
    desc.gradient_stop_count = min(len(rgba), 2**32 - 1)
    for i, channels in enumerate(rgba[:4]):
        for j, channel in enumerate(channels):
            desc.gradient_colors[4 * i + j] = channel
    locations = gradient.get("locations")
    if locations is not None:
        if isinstance(locations, (str, bytes)):
            raise argument_type_error("gradient['locations'] must be a list of numbers or None")
        try:
            locs = [as_double(x, f"gradient['locations'][{i}]") for i, x in enumerate(locations)]
        except TypeError as exc:
            if "must be a real number" in str(exc):
                raise
            raise argument_type_error(f"gradient['locations'] must be a list of numbers, not {type(locations).__name__}") from None
        desc.gradient_location_count = min(len(locs), 2**32 - 1)
        for i, x in enumerate(locs[:4]):
            desc.gradient_locations[i] = x
    if gradient.get("start_point") is not None:
        desc.gradient_start_x, desc.gradient_start_y = _numbers(gradient["start_point"], 2, "gradient['start_point']")
    if gradient.get("end_point") is not None:
        desc.gradient_end_x, desc.gradient_end_y = _numbers(gradient["end_point"], 2, "gradient['end_point']")


def _layer_desc(
    id: Any,
    parent: Any,
    frame: Any,
    anchor_point: Any,
    corner_radius: Any,
    background_color: Any,
    opacity: Any,
    hidden: Any,
    z_position: Any,
    scale: Any,
    rotation: Any,
    translation: Any,
    gradient: Any,
) -> gf_layer_desc:
    """A ``gf_layer_desc``: the library's defaults (``gf_layer_desc_init``), then each keyword
    given (not :data:`LIBRARY_DEFAULT`) converted and written over its field."""
    desc = gf_layer_desc()
    lib.gf_layer_desc_init(byref(desc))
    desc.id = c_text(id, "id")
    desc.parent = None if parent is None else c_text(parent, "parent")
    default = LIBRARY_DEFAULT
    if frame is not default:
        desc.x, desc.y, desc.width, desc.height = _numbers(frame, 4, "frame")
    if anchor_point is not default:
        desc.anchor_x, desc.anchor_y = _numbers(anchor_point, 2, "anchor_point")
    if corner_radius is not default:
        desc.corner_radius = as_double(corner_radius, "corner_radius")
    if background_color is not default:
        desc.r, desc.g, desc.b, desc.a = _color(background_color, "background_color")
    if opacity is not default:
        desc.opacity = as_double(opacity, "opacity")
    if hidden is not default:
        desc.hidden = as_flag(hidden, "hidden")
    if z_position is not default:
        desc.z_position = as_double(z_position, "z_position")
    if scale is default:
        pass
    elif isinstance(scale, numbers.Real) and not isinstance(scale, bool):
        desc.scale_x = desc.scale_y = as_double(scale, "scale")
    else:
        desc.scale_x, desc.scale_y = _numbers(scale, 2, "scale")
    if rotation is not default:
        desc.rotation = as_double(rotation, "rotation")
    if translation is not default:
        desc.translation_x, desc.translation_y = _numbers(translation, 2, "translation")
    _fill_gradient(desc, gradient)
    return desc


# ---------------------------------------------------------------------------------------
# Scene
# ---------------------------------------------------------------------------------------


class Scene(SharedHandle):
    """A layer tree plus the animations attached to it.

    ``Scene()`` is empty; :meth:`from_json` reads one (docs/scene-format.md). Layers are
    kept parents before children; a layer's *index* is its position in that order (what
    :meth:`sample` is ordered by) and changes when layers are removed or reparented; its
    id never does.

    A scene holds a library object, released by :meth:`close`, a ``with`` block, or
    garbage collection. Like every Ghostframe object, a scene may be shared by threads: its
    calls take turns (a lock per object; docs/python-guide.md, Threads), so each sample is
    right even though the library caches the scene's compiled form. The exception is
    :meth:`sample_range` and ``sample(t, threads=n)`` with ``n > 1``: the library lets those
    run on one scene from many threads at once, so they share the scene with each other (the
    lock is released during the library call) while every other call still waits for them
    and has the scene alone (the readers-writer protocol of ``ghostframe._handle.SharedHandle``).

    Raises (every method), always a :class:`~ghostframe.GhostframeError`:
        ArgumentTypeError: a wrong type, unknown gradient keys - checked before the library
            is called; also a TypeError.
        InvalidArgumentError: wrong tuple lengths (checked before the library is called); and
            from the library colour text it cannot read, NaN, infinities, a negative size,
            a colour channel outside [0, 1], a duplicate id, a cycle.
        NotFoundError: an unknown layer or animation.
        LimitError: past the documented limits.
    """

    __slots__ = ("_count", "_advancing", "_count_out", "_out_cache", "_shared_cache")
    _kind = "Scene"

    def __init__(self) -> None:
        self._handle = None
        self._finalizer = None
        self._init_state()
        handle = gf_scene_p()
        lib.gf_scene_create(byref(handle))
        self._adopt(handle, lib.gf_scene_free)

    def _init_state(self) -> None:
        self._count: Optional[int] = None  # the layer count, None after a change
        self._advancing = False
        self._count_out = c_size_t()
        self._out_cache: Optional[Tuple[Any, Any, Any, Any, int]] = None  # see _prepare_out
        # What a shared read passes to the library for an array, per thread (see _shared_args).
        self._shared_cache: Dict[int, Tuple[Any, Any, Any, Any, Any]] = {}

    @classmethod
    def _adopting(cls, handle: Any) -> "Scene":
        """A Scene owning ``handle``, a ``gf_scene *`` a library call made for the caller (the
        scenes of producers: skeletons, preload overlays, transitions, controls)."""
        scene = cls.__new__(cls)
        scene._init_state()
        scene._adopt(handle, lib.gf_scene_free)
        return scene

    def _ptr(self) -> Any:
        """The handle, for a call that needs the scene alone (:meth:`SharedHandle._ptr`: it waits
        for the shared reads of other threads); not from an :meth:`advance` callback."""
        if self._advancing:
            raise RuntimeError("an advance() callback must not call into the scene it is advancing")
        return SharedHandle._ptr(self)

    def close(self) -> None:
        """Releases the library object now (after the shared reads of other threads return).
        Calling it again does nothing."""
        if self._advancing:
            raise RuntimeError("an advance() callback must not close the scene it is advancing")
        SharedHandle.close(self)
        self._out_cache = None
        self._shared_cache = {}

    def _changed(self) -> Any:
        """The handle, for a call that may change the layer count."""
        handle = self._ptr()
        self._count = None
        return handle

    # -- JSON ----------------------------------------------------------------------------

    @classmethod
    def from_json(cls, source: "SceneSource") -> "Scene":
        """Reads a scene (docs/scene-format.md) from a dict, JSON text, UTF-8 bytes or a file:
        the rule of every loader (a ``str`` is JSON text when it is blank or starts with ``{``
        or ``[``, else a path; an ``os.PathLike`` is always a path; docs/python-guide.md,
        "Documents in").

        Raises:
            ArgumentTypeError: ``source`` is none of those (also a TypeError), or a dict holds a
                value JSON cannot encode.
            GhostframeError: :class:`~ghostframe.ParseError` for malformed JSON or a
                document that is not a scene (the message names the JSON path of the
                problem, after the file's name for a file), :class:`~ghostframe.InvalidUTF8Error`
                for bytes that are not UTF-8, :class:`~ghostframe.LimitError` past the limits
                (a dict is measured before it is encoded).
            FileNotFoundError: a path that does not exist (naming it); OSError: it cannot be read.
        """
        data, path = read_source(source, "scene", "source", _encode_scene)
        return cls._loaded(data, path)

    @classmethod
    def from_file(cls, path: "PathSource") -> "Scene":
        """Reads a scene from the JSON file ``path`` (a str is a path here, whatever it starts
        with); errors about its content start with the file's name.

        Raises:
            FileNotFoundError: no such file (naming it); OSError: it cannot be read; the
                library's errors as for :meth:`from_json`.
        """
        data, name = read_file(path, "scene")
        return cls._loaded(data, name)

    @classmethod
    def _loaded(cls, data: bytes, path: Optional[str]) -> "Scene":
        handle = gf_scene_p()
        with naming_the_file(path):
            lib.gf_scene_load_json(data, len(data), byref(handle))
        self = cls.__new__(cls)
        self._init_state()
        self._adopt(handle, lib.gf_scene_free)
        return self

    def to_json(self) -> str:
        """The scene as JSON; ``Scene.from_json(scene.to_json())`` samples the same.

        The text always loads: what a scene can hold, the reader accepts (the library
        refuses the values the format cannot hold - a layer colour channel outside [0, 1],
        an empty custom property name - when they are set)."""
        out = c_void_p()
        lib.gf_scene_to_json(self._ptr(), byref(out))
        return _native.take_string(out)

    # -- exports (docs/exports.md) --------------------------------------------------------

    def export(self, format: str = "lottie", duration: Optional[float] = None, fps: float = 60,
               max_bytes: Optional[int] = None) -> "ExportResult":
        """The scene written as ``format`` (``"lottie"``, ``"html"`` or ``"svg"``), with what the
        export did (:class:`~ghostframe.export.ExportResult`: the text, the properties baked and
        the largest error baking introduced).

        Args:
            duration: the seconds covered from scene time 0; None: one seamless cycle of the
                repeating animations (a skeleton's effect cycle), or until the last finite
                animation ends.
            fps: Lottie's frame rate and the rate at which what a format cannot state exactly is
                baked, in (0, 240].
            max_bytes: the most bytes the document may take (64 MiB by default): LimitError beyond.
        """
        from .export import export_scene

        return export_scene(self._ptr(), format, duration, fps, max_bytes)

    def to_lottie(self, duration: Optional[float] = None, fps: float = 60) -> str:
        """The scene as a Lottie (Bodymovin) JSON document (:meth:`export`)."""
        return self.export("lottie", duration, fps).text

    def to_html(self, duration: Optional[float] = None) -> str:
        """The scene as a self-contained HTML page animated by CSS (:meth:`export`)."""
        return self.export("html", duration).text

    def to_svg(self, duration: Optional[float] = None) -> str:
        """The scene as one standalone SVG with its CSS inside (:meth:`export`)."""
        return self.export("svg", duration).text

    def _copy(self) -> "Scene":
        # Through the JSON: the copy samples the same; its advance() clock starts afresh.
        return Scene.from_json(self.to_json())

    def __reduce__(self) -> Any:
        return (Scene.from_json, (self.to_json(),))

    # -- layers --------------------------------------------------------------------------

    def __len__(self) -> int:
        """The number of layers."""
        return self._layer_count(self._ptr())

    def _layer_count(self, handle: Any) -> int:
        out = self._count_out
        lib.gf_scene_layer_count(handle, byref(out))
        self._count = out.value
        return out.value

    def layer(self, id: str) -> int:
        """The index of the layer ``id`` (its position in :meth:`sample`'s output).

        Raises:
            NotFoundError: no layer has that id.
        """
        out = c_uint32()
        lib.gf_scene_layer_index(self._ptr(), c_text(id, "id"), byref(out))
        return out.value

    def layer_info(self, layer: Union[int, str]) -> LayerInfo:
        """Who the layer at index ``layer`` (or with id ``layer``) is (``gf_scene_layer_info``):
        its id, and for a skeleton bone's layer the view it stands for.

        >>> import ghostframe
        >>> scene = ghostframe.skeleton({"viewport": [200, 60], "root": {"frame": [0, 0, 200, 60],
        ...     "children": [{"id": "avatar", "type": "image", "frame": [8, 8, 40, 40]}]}})
        >>> scene.layer_info(scene.layer("bone:0"))
        LayerInfo(id='bone:0', view_id='avatar', kind='image', line=None)
        >>> scene.layer_info("skeleton").is_bone
        False

        Raises:
            NotFoundError: an index past the layer count, or an unknown id.
            ArgumentTypeError: neither an int nor a str.
        """
        handle = self._ptr()
        if isinstance(layer, str):
            index = self.layer(layer)
        elif isinstance(layer, bool) or not isinstance(layer, numbers.Integral):
            raise argument_type_error(f"layer must be an index (int) or an id (str), not {type(layer).__name__}")
        else:
            index = int(layer)
            if not 0 <= index < 2**32:
                raise invalid_argument(f"layer index must be in 0 ... 2**32 - 1, got {index}")
        info = gf_layer_info()
        lib.gf_layer_info_init(byref(info))
        lib.gf_scene_layer_info(handle, index, byref(info))
        view_id = (info.view_id or b"").decode("utf-8", "replace")
        kind = _VIEW_KIND_NAMES.get(info.kind)
        return LayerInfo(
            (info.id or b"").decode("utf-8", "replace"),
            view_id or None,
            kind,
            None if info.line < 0 else int(info.line),
        )

    def __contains__(self, id: object) -> bool:
        handle = self._ptr()
        if not isinstance(id, (str, bytes)):
            return False
        out = c_uint32()
        try:
            lib.gf_scene_layer_index(handle, c_text(id, "id"), byref(out))
        except ValueError:  # NotFoundError, InvalidUTF8Error, NUL inside
            return False
        return True

    def add_layer(
        self,
        id: str,
        *,
        parent: Optional[str] = None,
        frame: Sequence[float] = LIBRARY_DEFAULT,
        anchor_point: Sequence[float] = LIBRARY_DEFAULT,
        corner_radius: float = LIBRARY_DEFAULT,
        background_color: Color = LIBRARY_DEFAULT,
        opacity: float = LIBRARY_DEFAULT,
        hidden: bool = LIBRARY_DEFAULT,
        z_position: float = LIBRARY_DEFAULT,
        scale: Union[float, Sequence[float]] = LIBRARY_DEFAULT,
        rotation: float = LIBRARY_DEFAULT,
        translation: Sequence[float] = LIBRARY_DEFAULT,
        gradient: Optional[Mapping[str, Any]] = None,
    ) -> int:
        """Adds a layer under ``parent`` (which must exist; ``None`` makes a root layer).

        A keyword left out keeps the library's default (``gf_layer_desc_init``, the defaults of
        the engine's ``Layer``: docs/python-guide.md lists them); the binding holds none of its
        own, so ``add_layer(id)`` adds exactly the layer of the C default description.

        Args:
            id: unique in the scene.
            frame: ``(x, y, width, height)`` in the parent's coordinates; width and
                height >= 0.
            anchor_point: ``(x, y)`` in unit space; transforms turn about it.
            background_color: ``(r, g, b, a)`` (or ``(r, g, b)``) non-premultiplied sRGB
                in [0, 1], or colour text: ``"#RGB"``, ``"#RRGGBB"``, ``"#RRGGBBAA"`` or a
                CSS colour name (:func:`ghostframe.parse_color`); the library refuses a
                channel outside [0, 1] (as :meth:`from_json` does), naming the field.
            opacity: multiplied into the subtree's.
            hidden: hides the subtree.
            scale: ``(sx, sy)`` or one number for both.
            rotation: radians.
            translation: ``(tx, ty)``.
            gradient: ``None`` (no gradient) or ``dict(colors=[...], locations=None,
                start_point=None, end_point=None)`` - up to 4 colours (channels in [0, 1], as
                ``background_color``), ``locations`` ``None`` (evenly spaced) or one per
                colour; a point left out or ``None`` is the library's default (top centre to
                bottom centre).

        Returns:
            The new layer's index.
        """
        desc = _layer_desc(id, parent, frame, anchor_point, corner_radius, background_color, opacity,
                           hidden, z_position, scale, rotation, translation, gradient)
        out = c_uint32()
        lib.gf_scene_add_layer(self._changed(), byref(desc), byref(out))
        return out.value

    def update_layer(
        self,
        id: str,
        *,
        parent: Optional[str] = None,
        frame: Sequence[float] = LIBRARY_DEFAULT,
        anchor_point: Sequence[float] = LIBRARY_DEFAULT,
        corner_radius: float = LIBRARY_DEFAULT,
        background_color: Color = LIBRARY_DEFAULT,
        opacity: float = LIBRARY_DEFAULT,
        hidden: bool = LIBRARY_DEFAULT,
        z_position: float = LIBRARY_DEFAULT,
        scale: Union[float, Sequence[float]] = LIBRARY_DEFAULT,
        rotation: float = LIBRARY_DEFAULT,
        translation: Sequence[float] = LIBRARY_DEFAULT,
        gradient: Optional[Mapping[str, Any]] = None,
    ) -> None:
        """Replaces every property of the layer ``id`` - including its parent.

        Arguments as :meth:`add_layer`. **Every field is set**: one not given takes the
        library's default (``gf_layer_desc_init``; ``parent=None`` makes the layer a root,
        ``gradient=None`` removes the gradient), not its current value. Custom values (:meth:`set_custom`) and attached
        animations are kept. Moving a layer into its own subtree raises
        :class:`~ghostframe.InvalidArgumentError` (a cycle).
        """
        desc = _layer_desc(id, parent, frame, anchor_point, corner_radius, background_color, opacity,
                           hidden, z_position, scale, rotation, translation, gradient)
        lib.gf_scene_update_layer(self._changed(), byref(desc))

    def remove_layer(self, id: str) -> None:
        """Removes the layer ``id``, its subtree, and every animation attached to them."""
        lib.gf_scene_remove_layer(self._changed(), c_text(id, "id"))

    def set_custom(self, layer_id: str, name: str, value: float) -> None:
        """Sets the custom scalar ``name`` of a layer (animatable as ``"custom.NAME"``)."""
        value = as_double(value, "value")
        lib.gf_scene_set_custom(self._changed(), c_text(layer_id, "layer_id"), c_text(name, "name"), value)

    def set_contents(self, layer_id: str, name: Optional[str]) -> None:
        """Sets the image a layer shows (its "contents", a bone's placeholder), or clears it
        with ``None``. The name is the host's to resolve and draw aspect-fit in the layer's
        bounds; the library never loads it. Raises
        :class:`~ghostframe.InvalidArgumentError` for an empty name."""
        name_bytes = None if name is None else c_text(name, "name")
        lib.gf_scene_set_contents(self._changed(), c_text(layer_id, "layer_id"), name_bytes)

    def contents(self, index: int) -> Optional[str]:
        """The image name of the layer at ``index`` (a :class:`LayerState` index), or ``None``.

        Raises :class:`~ghostframe.NotFoundError` for an index past the layer count."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise argument_type_error(f"index must be an int, not {type(index).__name__}")
        if not 0 <= index < 2**32:
            raise invalid_argument(f"index must be in 0 ... 2**32 - 1, got {index}")
        out = c_void_p()
        lib.gf_scene_layer_contents(self._ptr(), index, byref(out))
        return _native.take_string(out) if out.value else None

    # -- animations ----------------------------------------------------------------------

    def add_animation(
        self,
        layer_id: str,
        animation: Animation,
        key: Optional[str] = None,
        handoff_time: Optional[float] = None,
    ) -> int:
        """Attaches a copy of ``animation`` to the layer ``layer_id``.

        Args:
            key: with a key, an animation already on that layer under the same key is
                replaced.
            handoff_time: continue from the current motion: at this scene time a basic or
                spring animation without a from value starts from the property's
                presentation value, and a spring without a velocity from its
                presentation velocity.

        Returns:
            The scene-unique animation id (for :meth:`remove_animation` and events).
        """
        if not isinstance(animation, Animation):
            raise argument_type_error(f"animation must be a ghostframe.Animation, not {type(animation).__name__}")
        layer = c_text(layer_id, "layer_id")
        key_bytes = None if key is None else c_text(key, "key")
        out = c_uint64()
        when = None if handoff_time is None else as_double(handoff_time, "handoff_time")
        with holding(animation):
            if when is None:
                lib.gf_scene_add_animation(self._changed(), layer, animation._ptr(), key_bytes, byref(out))
            else:
                lib.gf_scene_add_animation_handoff(
                    self._changed(), layer, animation._ptr(), key_bytes, when, byref(out)
                )
        return out.value

    def remove_animation(self, animation_id: int) -> None:
        """Detaches the animation ``animation_id`` (NotFoundError if none)."""
        if isinstance(animation_id, bool) or not isinstance(animation_id, numbers.Integral):
            raise argument_type_error(f"animation_id must be an int, not {type(animation_id).__name__}")
        value = int(animation_id)
        if not 0 <= value < 2**64:
            raise invalid_argument(f"animation_id must be in [0, 2**64), got {value}")
        lib.gf_scene_remove_animation(self._changed(), value)

    # -- sampling ------------------------------------------------------------------------

    @overload
    def sample(self, t: float, out: None = None, *, threads: int = 1) -> "StatesArray": ...

    @overload
    def sample(self, t: float, out: _Array, *, threads: int = 1) -> _Array: ...

    @locks_itself
    def sample(self, t: float, out: Optional["np.ndarray"] = None, *, threads: int = 1) -> Any:
        """The presentation state of every layer at scene time ``t`` (finite).

        A pure function of ``t``: the same time gives the same values in any order of
        calls (:meth:`advance` only removes animations that ended).

        **Without** ``out`` **each call returns a new array** (numpy's habit: ``[s.sample(t) for
        t in ts]`` is a list of different frames, and ``a = s.sample(0); b = s.sample(0.7)``
        leaves ``a`` as it was). A frame loop that should allocate nothing passes its own array
        as ``out`` (:meth:`sample_buffer` makes one of the right type and length); the states
        are written into it and it is returned.

        Without numpy there is no array: the call returns a new list of :class:`LayerState`
        (untyped: typed code without numpy calls :meth:`sample_list`).

        Args:
            out: a numpy array of :data:`LAYER_STATE_DTYPE` (1-d, C-contiguous, writeable) with
                at least ``len(scene)`` elements, to write into (numpy only). It is returned
                itself when its length is ``len(scene)``, else its first ``len(scene)``
                elements (a view). The binding remembers the last ``out`` (its address and
                checks), so passing the same array every frame costs one library call and a
                few attribute reads, and allocates nothing.
            threads: how many threads sample the frame, 1 ... :data:`MAX_SAMPLE_THREADS`
                (``gf_scene_sample_threads``): with more than 1 the calling thread and
                ``threads - 1`` threads of a small pool inside the library (started on first
                use, kept, shared by every scene; frames asked of it at once take turns) take
                chunks of about a thousand layers in turn, with the same bytes as ``threads=1``. Such
                a call shares the scene, as :meth:`sample_range` does: the scene's lock is
                released while the library works, so other threads' ``sample_range`` and
                ``threads=`` calls on this scene run meanwhile, and every other call waits
                for them. It pays only for large scenes (docs/performance.md).

        Returns:
            A structured array of :data:`LAYER_STATE_DTYPE`, one element per layer in index
            order: ``out`` (or its first ``len(scene)`` elements), or a new array. Without
            numpy, a new list of :class:`LayerState`.

        Raises:
            GhostframeError: ``t`` is NaN or infinite; ``out`` is not a suitable array
                (:class:`~ghostframe.ArgumentTypeError` for a wrong type or dtype,
                :class:`~ghostframe.InvalidArgumentError` for a wrong shape or layout);
                ``threads`` is not an int (ArgumentTypeError) or outside
                1 ... :data:`MAX_SAMPLE_THREADS` (InvalidArgumentError).
            BufferTooSmallError: ``out`` is shorter than ``len(scene)`` (the message names
                both counts; nothing is written).
        """
        if threads != 1 or type(threads) is not int:
            return self._sample_shared(t, out, False, 0, 0, threads)
        with self._lock:  # as every public method (locks_itself: without the wrapper's frame)
            # self._ptr() inlined (SharedHandle's protocol): other threads' shared reads are
            # waited for, as this call needs the scene alone.
            if self._advancing:
                raise RuntimeError("an advance() callback must not call into the scene it is advancing")
            if self._readers:
                self._wait_for_readers()
            handle = getattr(self, "_handle", None)
            if handle is None:
                raise invalid_argument(f"operation on a closed {self._kind}")
            if type(t) is not float:
                t = as_double(t, "t")
            if out is not None:
                cached = self._out_cache
                if cached is None or cached[0] is not out or not out.flags.writeable:
                    cached = self._prepare_out(out)
                status = _sample_unchecked(handle, c_double(t), cached[1], cached[2], cached[3])
                if status < 0:
                    self._count = self._count_out.value if status == _BUFFER_TOO_SMALL else None
                    lib.raise_status(status, "gf_scene_sample")
                written = self._count = self._count_out.value
                return out if written == cached[4] else out[:written]
            n = self._count
            if n is None:
                n = self._layer_count(handle)
            np = _numpy()
            if np is None:
                return self._sample_list(handle, t, n)
            dtype = dtype_for(np)
            count = self._count_out
            while True:
                # A new array each call, written straight into (the out= cache is left alone, so
                # a loop's own out= array stays prepared).
                states = np.empty(n, dtype=dtype)
                status = _sample_unchecked(handle, c_double(t), c_void_p(states.ctypes.data if n else None),
                                           c_size_t(n), byref(count))
                if status == _BUFFER_TOO_SMALL:  # the count moved under us; size again
                    n = self._count = count.value
                    continue
                if status < 0:
                    self._count = None
                    lib.raise_status(status, "gf_scene_sample")
                written = self._count = count.value
                return states if written == n else states[:written]

    def sample_list(self, t: float) -> List[LayerState]:
        """The states of :meth:`sample` as a new list of :class:`LayerState` named tuples,
        with or without numpy (``sample`` returns the structured array when numpy is
        installed): the typed path for code that does not use numpy.

        Raises:
            GhostframeError: ``t`` is NaN or infinite.
        """
        handle = self._ptr()
        t = as_double(t, "t")
        n = self._count
        if n is None:
            n = self._layer_count(handle)
        return self._sample_list(handle, t, n)

    def sample_buffer(self, extra: int = 0) -> "StatesArray":
        """A new, zeroed array of :data:`LAYER_STATE_DTYPE` for ``sample(t, out=...)``: one
        element per layer now, plus ``extra`` (room for layers added later; ``sample`` then
        returns a view of its first ``len(scene)`` elements). Pass the same array every frame
        and sampling allocates nothing::

            states = scene.sample_buffer()
            for frame in range(frames):
                scene.sample(frame / 60, out=states)   # returns `states` itself

        Raises:
            ImportError: numpy is not installed (:class:`~ghostframe.MissingDependencyError`).
            GhostframeError: ``extra`` is not an int >= 0.
        """
        handle = self._ptr()
        if isinstance(extra, bool) or not isinstance(extra, numbers.Integral):
            raise argument_type_error(f"extra must be an int, not {type(extra).__name__}")
        if int(extra) < 0:
            raise invalid_argument(f"extra must be >= 0, got {int(extra)}")
        return empty_states(self._layer_count(handle) + int(extra))

    @overload
    def sample_range(self, t: float, begin: int, end: int, out: None = None) -> "StatesArray": ...

    @overload
    def sample_range(self, t: float, begin: int, end: int, out: _Array) -> _Array: ...

    @locks_itself
    def sample_range(self, t: float, begin: int, end: int, out: Optional["np.ndarray"] = None) -> Any:
        """The states of layers ``begin ... end - 1`` at scene time ``t`` (finite): one part of
        :meth:`sample`'s frame, so that threads can share the work of one frame
        (``gf_scene_sample_range``).

        ``out`` is **the whole frame's array**, as for :meth:`sample`: the states are written
        into ``out[begin:end]`` and nothing else of ``out`` is touched, so threads sampling
        ranges that cover ``0 ... len(scene)`` into one array get exactly the bytes of
        ``sample(t)`` (a layer's state depends on its ancestors, which each call composes
        itself when they lie before its range)::

            frame = scene.sample_buffer()
            half = len(scene) // 2
            with ThreadPoolExecutor(2) as pool:
                list(pool.map(lambda r: scene.sample_range(t, *r, out=frame), [(0, half), (half, len(scene))]))

        **Threads**: unlike every other call, calls of this method (and ``sample(t,
        threads=n)``) share the scene: the scene's lock is released while the library works
        (and ctypes releases the GIL), so several threads sample one scene at once, each on
        its own core. Every other call on the scene waits until they return, and none starts
        while another call has the scene. Ranges sampled at once into one array must not
        overlap. A host curve (:func:`~ghostframe.register_curve`) called during this call
        must not call into the scene.

        Args:
            begin, end: ``0 <= begin <= end <= len(scene)``; ``begin == end`` writes nothing.
            out: as for :meth:`sample`: a numpy array of :data:`LAYER_STATE_DTYPE` (1-d,
                C-contiguous, writeable) with at least ``len(scene)`` elements. Without it a
                new frame array is made (as :meth:`sample` makes one) and its part returned.
                The binding remembers the last ``out`` of each thread.

        Returns:
            With numpy, ``array[begin:end]``: a view of ``out`` or of the new array
            (``end - begin`` elements); without numpy, a new list of ``end - begin``
            :class:`LayerState`.

        Raises:
            GhostframeError: ``t`` is NaN or infinite; ``begin`` or ``end`` is not an int
                (:class:`~ghostframe.ArgumentTypeError`), negative, past the layer count or
                ``begin > end`` (:class:`~ghostframe.InvalidArgumentError`); ``out`` is not
                a suitable array (as for :meth:`sample`).
            BufferTooSmallError: ``out`` is shorter than ``len(scene)`` (nothing is
                written).
        """
        return self._sample_shared(t, out, True, begin, end, 0)

    def _sample_shared(self, t: Any, out: Any, ranged: bool, begin: Any, end: Any, threads: Any) -> Any:
        """A shared read (:class:`~ghostframe._handle.SharedHandle`):
        ``gf_scene_sample_range(t, begin, end)`` when ``ranged``, else
        ``gf_scene_sample_threads(t, threads)``, into ``out`` or a new array.

        The lock is held to check the scene, prepare the arguments and register the calling
        thread as a reader, then released for the library call; calls that need the scene
        alone wait for the readers (:meth:`_ptr`)."""
        if type(t) is not float:
            t = as_double(t, "t")
        if ranged:
            # ints in [0, 2**64) as they are (the common case, without the checks' calls)
            first = begin if type(begin) is int and 0 <= begin < _SIZE_LIMIT else _index_arg(begin, "begin")
            last = end if type(end) is int and 0 <= end < _SIZE_LIMIT else _index_arg(end, "end")
            function, name = _range_unchecked, "gf_scene_sample_range"
            extra: Tuple[Any, ...] = (c_size_t(first), c_size_t(last))
        else:
            if type(threads) is not int or not 0 <= threads < 2**32:
                if isinstance(threads, bool) or not isinstance(threads, numbers.Integral):
                    raise argument_type_error(f"threads must be an int, not {type(threads).__name__}")
                if not 0 <= int(threads) < 2**32:
                    raise invalid_argument(f"threads must be in 1 ... {MAX_SAMPLE_THREADS}, got {int(threads)}")
            function, name = _threads_unchecked, "gf_scene_sample_threads"
            extra = (c_uint32(int(threads)),)
        thread = get_ident()
        while True:
            with self._lock:
                if self._advancing:
                    raise RuntimeError("an advance() callback must not call into the scene it is advancing")
                handle = self._shared_ptr()
                if out is not None:
                    args = self._shared_cache.get(thread)
                    if args is None or args[0] is not out or not out.flags.writeable:
                        args = self._shared_args(out, thread, keep=True)
                else:
                    np = _numpy()
                    n = self._count
                    if n is None:
                        n = self._layer_count(self._ptr())
                    if np is None:
                        args = self._shared_args(bytearray(n * STATE_SIZE), thread, keep=False)
                    else:
                        args = self._shared_args(np.empty(n, dtype=dtype_for(np)), thread, keep=False)
                self._start_read(thread)
            try:
                status = function(handle, c_double(t), *extra, args[1], args[2], args[4])
            finally:
                self._end_read(thread)
            written = args[3].value
            if status < 0:
                if status == _BUFFER_TOO_SMALL:
                    self._count = written
                    if out is None:  # the layer count moved since it was read: size again
                        continue
                lib.raise_status(status, name)
            self._count = written
            target = args[0]
            if ranged:
                if type(target) is bytearray:
                    view = memoryview(target)[first * STATE_SIZE: last * STATE_SIZE]
                    return states_from_buffer(view)
                return target[first:last]
            if type(target) is bytearray:
                view = memoryview(target)[: written * STATE_SIZE]
                return states_from_buffer(view)
            return target if written == target.shape[0] else target[:written]

    def _check_out(self, out: Any) -> Tuple[Any, int]:
        """The address (a c_void_p) and the capacity of ``out``, a suitable ``out=`` array."""
        np = _numpy()
        if np is None or not isinstance(out, np.ndarray):
            raise argument_type_error(f"out must be a numpy array of LAYER_STATE_DTYPE, not {type(out).__name__}")
        dtype = dtype_for(np)
        if out.dtype != dtype:
            raise argument_type_error(f"out must have dtype gf.LAYER_STATE_DTYPE, not {out.dtype}")
        if out.ndim != 1 or not out.flags.c_contiguous or not out.flags.writeable:
            raise invalid_argument("out must be a 1-d, C-contiguous, writeable array")
        capacity = int(out.shape[0])
        return c_void_p(out.ctypes.data if capacity else None), capacity

    def _prepare_out(self, out: Any) -> Tuple[Any, Any, Any, Any, int]:
        """Checks ``out`` and caches what a call on it passes to the library: (the array, its
        address, its capacity, a reference to the count, the capacity as an int)."""
        address, capacity = self._check_out(out)
        # The cache holds `out`, so numpy refuses to resize it in place (its reference check)
        # and its address stays valid while it is cached.
        cached = (out, address, c_size_t(capacity), byref(self._count_out), capacity)
        self._out_cache = cached
        return cached

    def _shared_args(self, target: Any, thread: int, keep: bool) -> Tuple[Any, Any, Any, Any, Any]:
        """What a shared read on ``thread`` passes to the library for ``target`` (an ``out=``
        array, a reused or new array, or a bytearray without numpy): (the target, its address,
        its capacity, the thread's own count, a reference to it). With ``keep`` it is
        remembered for the thread's next call on the same array (each thread has its own
        count: shared reads run at once)."""
        cache = self._shared_cache
        cached = cache.get(thread)
        if cached is not None and cached[0] is target and target.flags.writeable:
            return cached
        if type(target) is bytearray:
            capacity = len(target) // STATE_SIZE
            address = c_void_p(addressof((c_char * len(target)).from_buffer(target)) if capacity else None)
        else:
            address, capacity = self._check_out(target)
        count = c_size_t()
        cached = (target, address, c_size_t(capacity), count, byref(count))
        if keep:
            if len(cache) >= _MAX_BUFFERS:  # threads that ended leave theirs
                cache.clear()
            cache[thread] = cached
        return cached

    def _sample_list(self, handle: Any, t: float, n: int) -> List[LayerState]:
        count = self._count_out
        while True:
            buffer = bytearray(n * STATE_SIZE)
            address = addressof((c_char * len(buffer)).from_buffer(buffer)) if n else None
            try:
                lib.gf_scene_sample(handle, t, address, n, byref(count))
            except BufferTooSmallError:
                n = self._count = count.value
                continue
            n = self._count = count.value
            view = memoryview(buffer)[: n * STATE_SIZE]
            return states_from_buffer(view)

    def sample_custom(self, name: str, t: float) -> Any:
        """The custom property ``name`` of every layer at time ``t`` (0 where a layer has
        none), in index order: a float64 numpy array, or a list of floats without numpy."""
        handle = self._ptr()
        key = c_text(name, "name")
        t = as_double(t, "t")
        n = self._count
        if n is None:
            n = self._layer_count(handle)
        count = self._count_out
        np = _numpy()
        while True:
            values: Any = np.empty(n, dtype=np.float64) if np is not None else array("d", bytes(8 * n))
            address = (values.ctypes.data if np is not None else values.buffer_info()[0]) if n else None
            try:
                lib.gf_scene_sample_custom(handle, key, t, address, n, byref(count))
            except BufferTooSmallError:
                n = self._count = count.value
                continue
            n = self._count = count.value
            return values[:n] if np is not None else values.tolist()[:n]

    # -- events --------------------------------------------------------------------------

    def advance(self, t: float, callback: Optional[Callable[[Event], Any]] = None) -> List[Event]:
        """Moves the scene's clock to ``t`` (finite; backwards too) and reports the
        animations that started and ended since the previous time, in the order they
        happen (the first call reports everything up to ``t``).

        Animations that ended going forwards leave the scene unless they were made with
        ``keep_after_end=True``.

        Args:
            callback: called with each :class:`Event`, in order, while the library
                reports them. It must not call into this scene (RuntimeError). If it
                raises, it is not called again for this advance, the clock still moves
                to ``t`` and the exception is raised once the library call returns.

        Returns:
            The events, in order.
        """
        handle = self._ptr()
        t = as_double(t, "t")
        check_callback(callback)
        receiver = Receiver(gf_event_fn, _READ_SCENE_EVENT, callback)  # alive until the call returns
        self._advancing = True
        try:
            lib.gf_scene_advance(handle, t, receiver.trampoline, None)
        finally:
            self._advancing = False
        receiver.raise_failure()
        return receiver.values

    # -- misc ----------------------------------------------------------------------------

    # -- coordinate spaces ------------------------------------------------------------------

    def convert_rect(
        self, rect: Sequence[float], from_layer: Optional[str], to_layer: Optional[str]
    ) -> Tuple[float, float, float, float]:
        """Converts ``rect`` (x, y, width, height) from ``from_layer``'s space to ``to_layer``'s.

        ``None`` for either layer means the scene's root space. A layer's space runs over
        0..width x 0..height and maps into its parent's through its frame, anchor point and
        transform, as :meth:`sample`'s ``transform`` does (the layers' model values). Under a
        rotation the result is the bounding box of the four converted corners.

        Raises:
            NotFoundError: an unknown layer.
            InvalidArgumentError: not 4 numbers, NaN or infinity, a negative size, or a
                ``to_layer`` with a zero scale.
        """
        values = _four_doubles(rect, "rect", 4)
        out = (c_double * 4)()
        lib.gf_scene_convert_rect(self._ptr(), values, _layer_arg(from_layer, "from_layer"),
                                  _layer_arg(to_layer, "to_layer"), out)
        return (out[0], out[1], out[2], out[3])

    def convert_point(
        self, point: Sequence[float], from_layer: Optional[str], to_layer: Optional[str]
    ) -> Tuple[float, float]:
        """Converts ``point`` (x, y) as :meth:`convert_rect` converts a rect."""
        values = _four_doubles(point, "point", 2)
        out = (c_double * 2)()
        lib.gf_scene_convert_point(self._ptr(), values, _layer_arg(from_layer, "from_layer"),
                                   _layer_arg(to_layer, "to_layer"), out)
        return (out[0], out[1])

    def content_opacity(self, t: float, group: Optional[str] = None) -> float:
        """The opacity to draw the real content with at scene time ``t``, in [0, 1], for a
        skeleton scene (``gf_skeleton_content_opacity``): 0 while the skeleton shows, rising to
        1 along the end's curve once :func:`~ghostframe.end_skeleton` ended it (the end's
        cross-dissolve), so the host needs no timer of its own.

        Args:
            t: the scene time (finite).
            group: ``None`` for the whole skeleton; a list section's group
                (``"LIST/section/N"``) for that section's content: the larger of its own (it,
                or a section it is nested in, was ended) and the whole skeleton's.

        Raises:
            NotFoundError: ``group`` names no container, or the scene is not a skeleton (no
                ``"skeleton"`` root layer).
            InvalidArgumentError: ``t`` is not finite.
        """
        t = as_double(t, "t")
        group_bytes = None if group is None else c_text(group, "group")
        out = c_double()
        lib.gf_skeleton_content_opacity(self._ptr(), t, group_bytes, byref(out))
        return out.value

    def __repr__(self) -> str:
        if self.closed:
            return "<closed Scene>"
        try:
            n = len(self)
        except Exception as exc:  # never let repr fail
            return f"<Scene ({type(exc).__name__}: {exc})>"
        return f"<Scene with {n} layer{'' if n == 1 else 's'}>"

    #: The longest side, in pixels, of the image :meth:`_repr_png_` draws.
    _REPR_PNG_MAX_SIDE = 1024

    def _repr_png_(self) -> Optional[bytes]:
        """Jupyter's display of a scene (a skeleton too): the frame at t = 0 as PNG bytes, drawn
        by :mod:`ghostframe.preview` at 1 point per pixel (smaller when a side would pass 1,024
        pixels). None when skia-python or Pillow is not installed, or when there is nothing to
        draw (no layers, or root layers without area), so the notebook shows the repr instead."""
        if self.closed:
            return None
        try:
            from .preview import Renderer

            renderer = Renderer(self)
            longest = max(renderer.size)
            if longest > self._REPR_PNG_MAX_SIDE:
                renderer = Renderer(self, scale=self._REPR_PNG_MAX_SIDE / longest)
            image = renderer.render(0.0)
        except ImportError:  # MissingDependencyError: skia-python or Pillow is not installed
            return None
        except InvalidArgumentError:  # the root layers have no area: nothing to draw
            return None
        png = io.BytesIO()
        image.save(png, format="PNG")
        return png.getvalue()


def _encode_scene(document: Mapping[str, Any]) -> bytes:
    """A scene dict as JSON bytes, measured against the format's limits first (128 levels,
    10,000,000 values); NaN and infinities are refused as JSON cannot hold them."""
    try:
        check_json_shape(document, "source", MAX_JSON_DEPTH, MAX_JSON_VALUES)
        text = json.dumps(document, ensure_ascii=False, allow_nan=False)
    except GhostframeError:
        raise
    except TypeError as error:  # a value json cannot encode (a set, an object)
        raise argument_type_error(f"source: {error}") from None
    except ValueError as error:  # NaN or an infinity; a circular reference
        raise invalid_argument(f"source: {error} (NaN and infinities cannot be written in JSON)") from None
    return text.encode("utf-8", "surrogatepass")


def _index_arg(value: Any, name: str) -> int:
    """A layer index for a ``size_t`` argument: an int in [0, 2**64) (checked here, as ctypes
    would wrap a negative or larger one; the library checks it against the layer count)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise argument_type_error(f"{name} must be an int, not {type(value).__name__}")
    index = int(value)
    if index < 0:
        raise invalid_argument(f"{name} must be >= 0, got {index}")
    if index >= 2**64:
        raise invalid_argument(f"{name} must be below 2**64, got {index}")
    return index


def _four_doubles(values: Any, name: str, count: int) -> Any:
    """A ``double[count]`` for a sequence of ``count`` numbers (checked before the library)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise argument_type_error(f"{name} must be a sequence of {count} numbers")
    if len(values) != count:
        raise invalid_argument(f"{name} must have {count} numbers (got {len(values)})")
    return (c_double * count)(*[as_double(v, f"{name}[{i}]") for i, v in enumerate(values)])


def _layer_arg(layer: Optional[str], name: str) -> Optional[bytes]:
    """None (the root space) or the layer id as UTF-8."""
    return None if layer is None else c_text(layer, name)
