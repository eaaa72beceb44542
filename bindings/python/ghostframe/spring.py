"""Springs: :class:`Spring`, a damped harmonic oscillator moving from 0 to 1."""

from __future__ import annotations

from ctypes import byref, c_double
from dataclasses import dataclass
from typing import Any, ClassVar

from ._convert import as_double, as_flag
from ._native import gf_spring, lib

__all__ = ["Spring"]


@dataclass(frozen=True)
class Spring:
    """A spring moving from 0 to 1 in physical seconds (CASpringAnimation semantics).

    A plain value: no library object is held, so there is nothing to close. The
    parameters are checked by the library when the spring is made, so a spring that
    exists is valid.

    Args:
        mass: > 0.
        stiffness: > 0.
        damping: >= 0.
        initial_velocity: in from->to distances per second, positive toward the target.
        allows_overdamping: by default an overdamped spring (damping ratio above 1) moves
            as a critically damped one, as Core Animation's does; True lifts that.

    Raises:
        GhostframeError: :class:`~ghostframe.ArgumentTypeError` (also a TypeError) for a
            parameter that is not a number (or ``allows_overdamping`` not a bool),
            :class:`~ghostframe.InvalidArgumentError` when the library rejects a parameter
            (NaN, infinite, out of range) or ``allows_overdamping`` is an int other than
            0 and 1.

    >>> s = Spring()
    >>> round(s.value(0.1), 7)
    0.3402998
    """

    mass: float = 1.0
    stiffness: float = 100.0
    damping: float = 10.0
    initial_velocity: float = 0.0
    allows_overdamping: bool = False
    # Not a field: the filled C struct, set in __post_init__ (kept out of asdict/astuple).
    _struct: ClassVar[gf_spring]

    def __post_init__(self) -> None:
        mass = as_double(self.mass, "mass")
        stiffness = as_double(self.stiffness, "stiffness")
        damping = as_double(self.damping, "damping")
        initial_velocity = as_double(self.initial_velocity, "initial_velocity")
        overdamping = as_flag(self.allows_overdamping, "allows_overdamping")
        set_ = object.__setattr__
        set_(self, "mass", mass)
        set_(self, "stiffness", stiffness)
        set_(self, "damping", damping)
        set_(self, "initial_velocity", initial_velocity)
        set_(self, "allows_overdamping", bool(overdamping))
        struct = gf_spring()
        lib.gf_spring_init(byref(struct))
        struct.mass = mass
        struct.stiffness = stiffness
        struct.damping = damping
        struct.initial_velocity = initial_velocity
        struct.allows_overdamping = overdamping
        set_(self, "_struct", struct)
        # Validate now (cheap), so a bad spring fails where it is made.
        self.value(0.0)

    def value(self, t: float) -> float:
        """The position at ``t`` seconds (finite; ``t <= 0`` gives 0)."""
        out = c_double()
        lib.gf_spring_value(byref(self._struct), as_double(t, "t"), byref(out))
        return out.value

    def velocity(self, t: float) -> float:
        """The velocity in distances per second at ``t`` seconds (finite; ``t < 0`` gives 0)."""
        out = c_double()
        lib.gf_spring_velocity(byref(self._struct), as_double(t, "t"), byref(out))
        return out.value

    def settling_duration(self, epsilon: float = 1e-3) -> float:
        """The earliest time after which ``|value(t) - 1| < epsilon`` forever.

        Computed in closed form for every positive damping (a hardly damped spring settles
        after about ``ln(1/epsilon) * 2 * mass / damping`` s, to within one half-period).
        ``epsilon`` must be in (0, 1).

        Raises:
            GhostframeError: ``epsilon`` is out of range, or the spring never settles
                (damping 0).
            LimitError: the settling time exceeds the largest float (about 1.8e308 s).
        """
        out = c_double()
        lib.gf_spring_settling_duration(byref(self._struct), as_double(epsilon, "epsilon"), byref(out))
        return out.value

    def __reduce__(self) -> Any:
        return (
            Spring,
            (self.mass, self.stiffness, self.damping, self.initial_velocity, self.allows_overdamping),
        )
