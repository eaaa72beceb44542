"""Playback of a timeline: seek, advance by host time, rate and reverse, with an event for
each instance's start and end (the ``gf_timeline_seek`` family of the C API).

:class:`TimelinePlayerMixin` gives :class:`ghostframe.Timeline` its playback methods; the
player lives in the library object, next to the schedule. The values a timeline shows are a
scene's: apply the timeline to a :class:`~ghostframe.Scene` (at scene time 0) and sample the
scene at :attr:`~TimelinePlayerMixin.time`.

>>> import ghostframe as gf
>>> timeline = gf.Timeline.from_json({
...     "definitions": {"fade": {"changes": {"opacity": -1}}},
...     "timeline": {"sequence": [{"anim": "fade", "layers": ["card"], "duration": 1}]}})
>>> [(e.kind, e.time) for e in timeline.advance(0.5)]
[('started', 0.0)]
>>> timeline.rate = 2
>>> [(e.kind, e.time, e.reversed) for e in timeline.advance(0.5)]
[('ended', 1.0, False)]
>>> timeline.reverse()
>>> [(e.kind, e.time, e.reversed) for e in timeline.seek(0.25)]
[('started', 1.0, True)]
>>> timeline.time, timeline.rate
(0.25, -2.0)

Events: each move reports the boundaries it crosses, in order, each crossing exactly once (so
an instance's events alternate ``"started"``, ``"ended"``, ...). While the direction stays the
same a boundary counts when it lies in ``(old, new]`` going forwards and ``[new, old)`` going
backwards, as :meth:`Scene.advance <ghostframe.Scene.advance>` does; when the direction changes, a
boundary exactly at the old time counts too. A move of length 0 goes the way the rate points.
The player starts just before 0: the first forward call, even ``advance(0)``, reports what
starts at 0. Backwards, events come in the reverse order with ``reversed=True`` and the
opposite kind (an instance's end crossed backwards is its ``"started"``).
"""

from __future__ import annotations

from ctypes import byref, c_double
from typing import Any, Callable, List, NamedTuple, Optional, Set, Tuple

from . import _native
from ._convert import as_double
from ._native import gf_timeline_event_fn, lib
from ._callbacks import Receiver, check_callback
from .errors import InternalError

__all__ = ["TimelineEvent", "TimelinePlayerMixin"]


class TimelineEvent(NamedTuple):
    """An instance of a timeline starting or ending, reported by
    :meth:`TimelinePlayerMixin.seek` and :meth:`TimelinePlayerMixin.advance`.

    Attributes:
        kind: ``"started"`` (time entered the instance's span), ``"ended"`` (it left it), or
            ``"call"`` (time crossed a call point, either way: GSAP's ``call()``).
        instance: the instance's index in order of appearance in the timeline, from 0 (for a
            call, the call's index among the calls).
        name: its definition's name (for a call, the call's name).
        layers: the ids of the layers it animates (none for a call).
        time: the boundary's timeline time (the instance's start or end).
        reversed: time moved backwards across the boundary; ``"started"`` then happens at
            the instance's end and ``"ended"`` at its start.
    """

    kind: str
    instance: int
    name: str
    layers: Tuple[str, ...]
    time: float
    reversed: bool


_KINDS = {_native.GF_EVENT_STARTED: "started", _native.GF_EVENT_ENDED: "ended", _native.GF_EVENT_CALL: "call"}

#: The ids of the timelines whose seek() or advance() is running (their callbacks must not
#: call back into them). A module-level set, as the mixin has no slots of its own.
_PLAYING: Set[int] = set()


class TimelinePlayerMixin:
    """Playback methods for :class:`ghostframe.Timeline` (which owns the handle).

    The player starts at time 0 with rate 1; :attr:`time` stays within ``[0, duration]``. A
    copy of a timeline (``copy.copy``, ``pickle``) starts a player of its own at 0.
    """

    __slots__ = ()

    # -- the handle, refused to a callback of this timeline --------------------------------

    def _ptr(self) -> Any:
        if id(self) in _PLAYING:
            raise RuntimeError("a seek() or advance() callback must not call into the timeline it is playing")
        return super()._ptr()  # type: ignore[misc]

    def close(self) -> None:
        """Releases the library object now. Calling it again does nothing."""
        if id(self) in _PLAYING:
            raise RuntimeError("a seek() or advance() callback must not close the timeline it is playing")
        super().close()  # type: ignore[misc]

    # -- playback -------------------------------------------------------------------------

    @property
    def time(self) -> float:
        """The player's timeline time: where to sample a scene the timeline was applied to."""
        out = c_double()
        lib.gf_timeline_time(self._ptr(), byref(out))
        return out.value

    @property
    def rate(self) -> float:
        """Timeline seconds per host second (1 at first): finite and non-zero, negative plays
        backwards. Setting 0, NaN or infinity raises InvalidArgumentError and changes nothing."""
        out = c_double()
        lib.gf_timeline_rate(self._ptr(), byref(out))
        return out.value

    @rate.setter
    def rate(self, value: float) -> None:
        handle = self._ptr()
        lib.gf_timeline_set_rate(handle, as_double(value, "rate"))

    def reverse(self) -> None:
        """Flips the direction of play (the rate's sign), as GSAP's ``reverse()``; the time
        does not move."""
        lib.gf_timeline_reverse(self._ptr())

    def seek(self, t: float, callback: Optional[Callable[[TimelineEvent], Any]] = None) -> List[TimelineEvent]:
        """Moves the player to timeline time ``t`` (finite), clamped to ``[0, duration]``.

        Args:
            callback: called with each :class:`TimelineEvent`, in order, while the library
                reports them. It must not call into this timeline (RuntimeError). If it
                raises, it is not called again for this move, the player still moves and
                the exception is raised once the library call returns.

        Returns:
            The events crossed, in order.

        Raises:
            InvalidArgumentError: ``t`` is NaN or infinite (the player does not move).
        """
        handle = self._ptr()
        value = as_double(t, "t")
        return self._play(lib.gf_timeline_seek, handle, value, callback)

    def advance(self, dt: float, callback: Optional[Callable[[TimelineEvent], Any]] = None) -> List[TimelineEvent]:
        """Plays for ``dt`` seconds of host time (finite, >= 0): moves :attr:`time` by
        ``dt * rate``, clamped to ``[0, duration]``. ``callback`` as for :meth:`seek`.

        Returns:
            The events crossed, in order.

        Raises:
            InvalidArgumentError: ``dt`` is negative, NaN or infinite (the player does not move).
        """
        handle = self._ptr()
        value = as_double(dt, "dt")
        return self._play(lib.gf_timeline_advance, handle, value, callback)

    def _play(
        self, function: Any, handle: Any, value: float, callback: Optional[Callable[[TimelineEvent], Any]]
    ) -> List[TimelineEvent]:
        check_callback(callback)
        receiver = Receiver(gf_timeline_event_fn, _read_event, callback)  # alive until the call returns
        key = id(self)
        _PLAYING.add(key)
        try:
            function(handle, value, receiver.trampoline, None)
        finally:
            _PLAYING.discard(key)
        receiver.raise_failure()
        return receiver.values


def _read_event(raw: Any) -> TimelineEvent:
    kind = _KINDS.get(raw.kind)
    if kind is None:
        raise InternalError(-100, f"the timeline reported an unknown event kind {raw.kind}")
    layers = tuple((raw.layers[i] or b"").decode("utf-8", "replace") for i in range(raw.layer_count))
    return TimelineEvent(
        kind, raw.instance, (raw.name or b"").decode("utf-8", "replace"), layers, raw.time, bool(raw.reversed)
    )
