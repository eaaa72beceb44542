"""A layer's sampled state, in its three forms (private; public through :mod:`ghostframe.scene`):
:class:`LayerState` (a named tuple), the numpy structured dtype (:data:`LAYER_STATE_DTYPE`,
``layer_state_dtype()``) and the :mod:`struct` format that unpacks raw ``gf_layer_state`` bytes.

All three are derived from one description, the ctypes ``gf_layer_state._fields_`` of
``ghostframe._native`` (which a test checks against Include/ghostframe.h): the field names and
their order, each field's element type (``uint32_t``, ``int32_t`` or ``double``) and, for an
array field, its length. A field added to the header therefore reaches the named tuple, the dtype
and the unpacking at once, and a layout the struct format cannot express (padding) fails at import.
Type checkers cannot run that derivation: they read the declaration under ``TYPE_CHECKING``
below, which a test compares with ``_fields_``.
"""

from __future__ import annotations

import numbers
import operator
import struct
import sys
from ctypes import sizeof
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Tuple, TypeAlias, Union, cast

from . import _native
from ._native import gf_layer_state
from .errors import GF_E_NOT_FOUND, InternalError, MissingDependencyError, argument_type_error, invalid_argument

if TYPE_CHECKING:  # pragma: no cover
    import numpy
    import numpy as np

__all__ = ["LayerState", "LayerStates", "StatesArray", "layer_state_dtype", "empty_states"]

#: What :meth:`Scene.sample` returns: a structured numpy array of :data:`LAYER_STATE_DTYPE`, one
#: element per layer (its fields are ``gf_layer_state``'s: ``states["x"]``, ``states[i]["opacity"]``).
#: Typed code uses numpy (the typed path needs it); without numpy, :meth:`Scene.sample_list`.
StatesArray: TypeAlias = "numpy.ndarray[Any, numpy.dtype[numpy.void]]"

#: Either form of a frame's states: a :data:`StatesArray`, or a list of :class:`LayerState`
#: (what :meth:`Scene.sample` returns at run time without numpy).
LayerStates = Union["numpy.ndarray[Any, Any]", List["LayerState"]]

# ---------------------------------------------------------------------------------------
# The fields, from gf_layer_state._fields_
# ---------------------------------------------------------------------------------------

#: ctypes' type code of an element -> (its struct code, its numpy kind, its Python type).
_ELEMENTS: Dict[str, Tuple[str, str, type]] = {
    "I": ("I", "=u4", int),  # uint32_t
    "i": ("i", "=i4", int),  # int32_t
    "d": ("d", "=f8", float),  # double
}


class _Field(NamedTuple):
    name: str
    element: str  # a key of _ELEMENTS
    length: int  # 0 for a scalar, else the array's length
    offset: int  # in the C struct


def _fields() -> Tuple[_Field, ...]:
    """``gf_layer_state._fields_`` as (name, element code, array length, offset)."""
    fields: List[_Field] = []
    declared: List[Tuple[str, Any]] = [(field[0], field[1]) for field in gf_layer_state._fields_]
    for name, ctype in declared:
        length = int(getattr(ctype, "_length_", 0))
        code = ctype._type_._type_ if length else ctype._type_
        if code not in _ELEMENTS:  # pragma: no cover - a new element type in the header
            raise ImportError(f"gf_layer_state.{name}: no struct/numpy form for ctypes type code {code!r}")
        fields.append(_Field(name, code, length, getattr(gf_layer_state, name).offset))
    return tuple(fields)


_FIELDS = _fields()

#: The size of one ``gf_layer_state``, in bytes.
STATE_SIZE = sizeof(gf_layer_state)

#: Unpacks one ``gf_layer_state`` (standard sizes, no padding: checked below against ctypes) into
#: a flat tuple, array elements inline.
STATE_STRUCT = struct.Struct("=" + "".join(f"{f.length or ''}{_ELEMENTS[f.element][0]}" for f in _FIELDS))


def _check_struct() -> None:
    offset = 0
    for field in _FIELDS:
        if offset != field.offset:  # pragma: no cover - padding in the header's struct
            raise ImportError(f"gf_layer_state.{field.name} is at byte {field.offset}, the unpack format puts it at {offset}")
        offset += struct.calcsize("=" + _ELEMENTS[field.element][0]) * max(field.length, 1)
    if STATE_STRUCT.size != STATE_SIZE:  # pragma: no cover - trailing padding
        raise ImportError(f"gf_layer_state is {STATE_SIZE} bytes, the unpack format {STATE_STRUCT.size}")


_check_struct()


def _grouping() -> Any:
    """The getter that turns a flat unpacked tuple into one item per field: a scalar as it is,
    an array as the tuple of its elements."""
    parts: List[Union[int, slice]] = []
    position = 0
    for field in _FIELDS:
        if field.length:
            parts.append(slice(position, position + field.length))
            position += field.length
        else:
            parts.append(position)
            position += 1
    return operator.itemgetter(*parts)


_GROUP = _grouping()

# ---------------------------------------------------------------------------------------
# LayerState
# ---------------------------------------------------------------------------------------

if TYPE_CHECKING:

    class _LayerStateFields(NamedTuple):
        # What type checkers read (the run-time class is made from _fields_ below; a test
        # compares the two).
        index: int  # type: ignore[assignment]  # a field named as tuple.index, by design
        parent: int
        flags: int
        gradient_stop_count: int
        x: float
        y: float
        width: float
        height: float
        corner_radius: float
        r: float
        g: float
        b: float
        a: float
        opacity: float
        transform: Tuple[float, float, float, float, float, float]
        z_position: float
        gradient_start_x: float
        gradient_start_y: float
        gradient_end_x: float
        gradient_end_y: float
        gradient_locations: Tuple[float, float, float, float]
        gradient_colors: Tuple[float, ...]

else:

    def _field_type(field: _Field) -> Any:
        element = _ELEMENTS[field.element][2]
        return Tuple[(element,) * field.length] if field.length else element

    _LayerStateFields = NamedTuple("_LayerStateFields", [(f.name, _field_type(f)) for f in _FIELDS])


class LayerState(_LayerStateFields):
    """The presentation state of one layer at one time (``gf_layer_state``).

    The fields are those of the C struct and of :data:`LAYER_STATE_DTYPE`, in the same order;
    ``transform``, ``gradient_locations`` and ``gradient_colors`` are tuples of 6, 4 and 16 floats.

    Attributes:
        index: the layer's index (its position in the scene, parents before children).
        parent: the parent's index, -1 for a root layer.
        flags: ``GF_LAYER_HIDDEN`` (1) | ``GF_LAYER_HAS_GRADIENT`` (2) |
            ``GF_LAYER_HAS_CONTENTS`` (4); see :attr:`hidden`, :attr:`has_gradient` and
            :attr:`has_contents`.
        gradient_stop_count: 0 without a gradient.
        x, y, width, height: the frame in root coordinates (ancestors' positions added,
            their transforms not applied).
        corner_radius: the corner radius.
        r, g, b, a: the background colour (non-premultiplied sRGB in [0, 1]).
        opacity: multiplied through ancestors, clamped to [0, 1].
        transform: ``(a, b, c, d, tx, ty)`` mapping the layer's own space (0..width,
            0..height) to root coordinates: ``x' = a x + c y + tx``, ``y' = b x + d y + ty``.
        z_position: the stacking order among siblings.
        gradient_start_x, gradient_start_y, gradient_end_x, gradient_end_y: unit space.
        gradient_locations: 4 stop locations.
        gradient_colors: RGBA per stop, 4 stops.
    """

    __slots__ = ()

    @property
    def hidden(self) -> bool:
        """The layer or an ancestor is hidden."""
        return bool(self.flags & _native.GF_LAYER_HIDDEN)

    @property
    def has_gradient(self) -> bool:
        """The layer draws a gradient."""
        return bool(self.flags & _native.GF_LAYER_HAS_GRADIENT)

    @property
    def has_contents(self) -> bool:
        """The layer shows an image (see :meth:`Scene.contents`)."""
        return bool(self.flags & _native.GF_LAYER_HAS_CONTENTS)


_make_state = LayerState._make


def state_from_fields(flat: Tuple[Any, ...]) -> LayerState:
    """A :class:`LayerState` from one tuple :data:`STATE_STRUCT` unpacked."""
    return _make_state(_GROUP(flat))


def states_from_buffer(view: Any) -> List[LayerState]:
    """The :class:`LayerState` of every ``gf_layer_state`` in ``view`` (a bytes-like object of
    whole structs)."""
    return list(map(_make_state, map(_GROUP, STATE_STRUCT.iter_unpack(view))))


# ---------------------------------------------------------------------------------------
# numpy: the structured dtype
# ---------------------------------------------------------------------------------------

_MISSING = object()
_numpy_import_failed = False
_dtype_cache: Tuple[Any, Any] = (None, None)


def numpy_or_none() -> Any:
    """numpy if it is installed (and not hidden by sys.modules['numpy'] = None), else None."""
    global _numpy_import_failed
    np = sys.modules.get("numpy", _MISSING)
    if np is not _MISSING:
        return np
    if _numpy_import_failed:
        return None
    try:
        import numpy
    except ImportError:
        _numpy_import_failed = True
        return None
    return numpy


def _row_type(np: Any) -> Any:
    """The scalar type of :data:`LAYER_STATE_DTYPE`'s rows: numpy's structured row (``np.void``)
    with the repr of the :class:`LayerState` it holds (``states[2]`` shows ``LayerState(index=2,
    parent=1, ...)``, exactly as ``scene.sample_list(t)[2]`` does) instead of bare numbers."""

    class LayerRow(np.void):  # type: ignore[misc]
        """A row of a :data:`StatesArray` (a ``numpy.void`` with the fields of ``gf_layer_state``)."""

        __slots__ = ()

        def __repr__(self) -> str:
            return repr(state_from_fields(STATE_STRUCT.unpack(self.tobytes())))

        __str__ = __repr__

    LayerRow.__module__ = __name__
    LayerRow.__qualname__ = "LayerRow"
    return LayerRow


def dtype_for(np: Any) -> Any:
    """:data:`LAYER_STATE_DTYPE` made with the numpy module ``np`` (cached for it)."""
    global _dtype_cache
    module, dtype = _dtype_cache
    if module is np:
        return dtype
    fields = [
        (f.name, _ELEMENTS[f.element][1], (f.length,)) if f.length else (f.name, _ELEMENTS[f.element][1])
        for f in _FIELDS
    ]
    # Rows print as LayerState does; the dtype equals the plain structured one, so arrays made
    # with np.dtype(fields) are accepted as out= too.
    dtype = np.dtype((_row_type(np), fields))
    if dtype.itemsize != STATE_SIZE or any(
        dtype.fields[f.name][1] != f.offset for f in _FIELDS
    ):  # pragma: no cover - a layout change in the header
        raise InternalError(-100, "LAYER_STATE_DTYPE does not match gf_layer_state")
    _dtype_cache = (np, dtype)
    return dtype


def layer_state_dtype() -> "np.dtype":
    """The numpy structured dtype of ``gf_layer_state`` (:data:`LAYER_STATE_DTYPE`).

    Raises:
        ImportError: numpy is not installed.
    """
    np = numpy_or_none()
    if np is None:
        raise ImportError("LAYER_STATE_DTYPE needs numpy, which is not installed")
    return cast("numpy.dtype[Any]", dtype_for(np))


def empty_states(n: int) -> "StatesArray":
    """A new, zeroed array of ``n`` layer states (:data:`LAYER_STATE_DTYPE`), for
    ``scene.sample(t, out=...)`` (:meth:`Scene.sample_buffer` sizes one for a scene).

    Raises:
        MissingDependencyError: numpy is not installed (an ImportError).
        GhostframeError: ``n`` is not an int >= 0.
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise argument_type_error(f"n must be an int, not {type(n).__name__}")
    if int(n) < 0:
        raise invalid_argument(f"n must be >= 0, got {int(n)}")
    np = numpy_or_none()
    if np is None:
        raise MissingDependencyError(
            GF_E_NOT_FOUND, "a sample buffer is a numpy array of LAYER_STATE_DTYPE: pip install numpy "
            "(or 'ghostframe[numpy]'); without numpy, Scene.sample_list(t) gives a list of LayerState"
        )
    return cast("StatesArray", np.zeros(int(n), dtype=dtype_for(np)))


def __getattr__(name: str) -> Any:
    if name == "LayerRow":  # the rows' type, made with numpy (pickle looks it up here)
        return layer_state_dtype().type
    if name == "LAYER_STATE_DTYPE":
        try:
            return layer_state_dtype()
        except ImportError as exc:
            raise AttributeError(str(exc)) from None
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
