"""The expanding-card transition's helpers: :class:`ViewChain`, a host's nested views
with scroll offsets brought to window coordinates, and :class:`SnapshotLayerPool`, the bounded
pool of snapshot layer ids the seed recycles (``gf_view_chain_*``, ``gf_snapshot_pool_*``).

>>> chain = ViewChain([((0, 100, 375, 500), (0, 40)), (20, 10, 200, 150)])
>>> chain.offset_to_window
(20.0, 70.0)
>>> chain.window_rect((5, 5, 50, 50))
(25.0, 75.0, 50.0, 50.0)
>>> pool = SnapshotLayerPool(capacity=2)
>>> a, b = pool.acquire_many(2)
>>> pool.release(a)
>>> pool.acquire() == a, pool.reuse_count, pool.created_count
(True, 1, 2)
"""

from __future__ import annotations

from ctypes import byref, c_double, c_void_p, sizeof
from typing import Any, List, Sequence, Tuple

from ._convert import as_double, c_text
from ._handle import NativeHandle
from ._native import gf_snapshot_pool_counts, gf_snapshot_pool_p, gf_view_level, lib, take_string
from .errors import argument_type_error, invalid_argument

__all__ = ["ViewChain", "SnapshotLayerPool"]

Rect = Tuple[float, float, float, float]


def _numbers(values: Any, name: str, count: int) -> List[float]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise argument_type_error(f"{name} must be a sequence of {count} numbers")
    if len(values) != count:
        raise invalid_argument(f"{name} must have {count} numbers (got {len(values)})")
    return [as_double(v, f"{name}[{i}]") for i, v in enumerate(values)]


def _level(level: Any, index: int) -> Tuple[Rect, Tuple[float, float]]:
    """``frame`` (4 numbers, no scrolling) or ``(frame, scroll_offset)``."""
    name = f"levels[{index}]"
    if isinstance(level, (str, bytes)) or not hasattr(level, "__len__"):
        raise argument_type_error(f"{name} must be a frame (x, y, width, height) or (frame, scroll_offset)")
    if len(level) == 2:
        frame = _numbers(level[0], f"{name}.frame", 4)
        offset = _numbers(level[1], f"{name}.scroll_offset", 2)
    else:
        frame, offset = _numbers(level, f"{name}.frame", 4), [0.0, 0.0]
    return (frame[0], frame[1], frame[2], frame[3]), (offset[0], offset[1])


class ViewChain:
    """A host's chain of nested views with scroll offsets (a cell in a collection view in a table
    cell in a table view in a window), outermost first.

    Each level is a view's ``frame`` in its parent's content space and its ``scroll_offset``
    (UIKit's ``contentOffset``; omit it for a view that does not scroll): a point ``p`` in a
    level's content space lies at ``p - scroll_offset + frame origin`` in its parent's. A plain
    value: the levels are checked by the library when the chain is made, nothing is held.

    Args:
        levels: each ``(frame, scroll_offset)`` or just ``frame``; frames ``(x, y, width,
            height)`` finite with sizes >= 0, offsets ``(x, y)`` finite; at most 4096 levels.

    Raises:
        InvalidArgumentError: NaN or infinity, a negative size, a level of the wrong length,
            levels whose offsets add up past the largest float (naming the level); ``window_rect``
            and ``content_rect`` raise it too for a rect moved past the largest float.
        LimitError: more than 4096 levels.
        ArgumentTypeError: a level that is not a sequence.
    """

    __slots__ = ("levels", "_array", "_count", "offset_to_window")

    def __init__(self, levels: Sequence[Any] = ()) -> None:
        if isinstance(levels, (str, bytes)) or not hasattr(levels, "__len__"):
            raise argument_type_error("levels must be a sequence of frames or (frame, scroll_offset) pairs")
        read = [_level(level, i) for i, level in enumerate(levels)]
        #: The levels as ``((x, y, width, height), (scroll_x, scroll_y))``, outermost first.
        self.levels: Tuple[Tuple[Rect, Tuple[float, float]], ...] = tuple(read)
        self._count = len(read)
        self._array = (gf_view_level * max(len(read), 1))()
        for slot, (frame, offset) in zip(self._array, read):
            slot.frame[:] = frame
            slot.scroll_offset[:] = offset
        out = (c_double * 2)()
        lib.gf_view_chain_offset(self._array, self._count, out)
        #: The translation ``(x, y)`` from the innermost level's content space to the window's.
        self.offset_to_window: Tuple[float, float] = (out[0], out[1])

    def _convert(self, function: Any, rect: Sequence[float], name: str) -> Rect:
        values = (c_double * 4)(*_numbers(rect, name, 4))
        out = (c_double * 4)()
        function(self._array, self._count, values, out)
        return (out[0], out[1], out[2], out[3])

    def window_rect(self, rect: Sequence[float]) -> Rect:
        """``rect`` (x, y, width, height) in the innermost level's content space, in window
        coordinates."""
        return self._convert(lib.gf_view_chain_window_rect, rect, "rect")

    def content_rect(self, rect: Sequence[float]) -> Rect:
        """``rect`` in window coordinates, in the innermost level's content space (the inverse
        of :meth:`window_rect`)."""
        return self._convert(lib.gf_view_chain_content_rect, rect, "rect")

    def __repr__(self) -> str:
        return f"<ViewChain of {self._count} level{'' if self._count == 1 else 's'}, offset {self.offset_to_window}>"


class SnapshotLayerPool(NativeHandle):
    """A bounded reuse pool of snapshot layer ids (the card transition's recycling pool).

    :meth:`acquire` hands out a released id when there is one (the most recently released
    first), or makes a new ``"snapshot.N"`` while fewer than ``capacity`` exist; the counts are
    exposed so hosts and tests can see the reuse. Close it (or use ``with``) to free it now.

    Args:
        capacity: the most ids the pool makes, 1...100,000 (default 64).

    Raises:
        InvalidArgumentError: a capacity out of range. ArgumentTypeError: not an int.
    """

    __slots__ = ()
    _kind = "SnapshotLayerPool"

    def __init__(self, capacity: int = 64) -> None:
        self._handle = None
        self._finalizer = None
        if isinstance(capacity, bool) or not isinstance(capacity, int):
            raise argument_type_error(f"capacity must be an int, not {type(capacity).__name__}")
        if not 0 <= capacity < 2**64:
            raise invalid_argument(f"pool capacity must be in 1...100000 (got {capacity})")
        handle = gf_snapshot_pool_p()
        lib.gf_snapshot_pool_create(capacity, byref(handle))
        self._adopt(handle, lib.gf_snapshot_pool_free)

    def acquire(self) -> str:
        """One layer id: a released one if any, else a new one.

        Raises:
            LimitError: every id is in use and ``capacity`` are made (the pool is unchanged).
        """
        return self.acquire_many(1)[0]

    def acquire_many(self, count: int) -> List[str]:
        """``count`` ids, all or none.

        Raises:
            LimitError: fewer than ``count`` are acquirable (the pool is unchanged).
        """
        if isinstance(count, bool) or not isinstance(count, int):
            raise argument_type_error(f"count must be an int, not {type(count).__name__}")
        if not 0 <= count < 2**64:
            raise invalid_argument(f"count must be >= 0 (got {count})")
        handle = self._ptr()
        if count > self.acquirable_count:
            # The library refuses before it reads out_ids (LimitError with its message): no
            # buffer is made for a count the pool cannot give.
            lib.gf_snapshot_pool_acquire(handle, count, None)
        ids = (c_void_p * max(count, 1))()
        lib.gf_snapshot_pool_acquire(handle, count, ids)
        return [take_string(c_void_p(ids[i])) for i in range(count)]

    def release(self, layer_id: str) -> None:
        """Gives ``layer_id`` back for reuse.

        Raises:
            InvalidArgumentError: an id that is not in use (never made here, or released
                already); the pool is then unchanged.
        """
        lib.gf_snapshot_pool_release(self._ptr(), c_text(layer_id, "layer_id"))

    def _counts(self) -> gf_snapshot_pool_counts:
        counts = gf_snapshot_pool_counts()
        counts.struct_size = sizeof(gf_snapshot_pool_counts)
        lib.gf_snapshot_pool_get_counts(self._ptr(), byref(counts))
        return counts

    @property
    def capacity(self) -> int:
        """The most ids the pool makes."""
        return int(self._counts().capacity)

    @property
    def created_count(self) -> int:
        """How many ids the pool has made."""
        return int(self._counts().created)

    @property
    def reuse_count(self) -> int:
        """How many acquisitions were served from released ids."""
        return int(self._counts().reused)

    @property
    def in_use_count(self) -> int:
        """How many ids are handed out."""
        return int(self._counts().in_use)

    @property
    def available_count(self) -> int:
        """How many released ids wait for reuse."""
        return int(self._counts().available)

    @property
    def acquirable_count(self) -> int:
        """How many ids one could still acquire: the released ones plus those not yet made."""
        return int(self._counts().acquirable)

    def __repr__(self) -> str:
        if self.closed:
            return "<closed SnapshotLayerPool>"
        c = self._counts()
        return f"<SnapshotLayerPool {c.in_use} in use, {c.available} available, {c.created}/{c.capacity} made>"
