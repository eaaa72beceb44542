"""The bad-input battery: every entry point fed NaN, infinities, negative and absurd numbers,
malformed text and wrong types.

Each :class:`Case` names what must happen:

* ``TypeError`` / ``ValueError`` - refused by the binding before the library is called:
  an :class:`~ghostframe.ArgumentTypeError` (a GhostframeError and a TypeError) or an
  :class:`~ghostframe.InvalidArgumentError` (a GhostframeError, so a ValueError); only
  Python's own TypeError for a call that matches no signature is not a GhostframeError;
* one or more GhostframeError subclass names - the library refused, with a message that
  matches ``match`` (case-insensitive; underscores in parameter names may be spaces);
* ``ok`` - the call may also succeed (absurd but legal input); a float result must not be
  NaN.

The same cases run in a subprocess first (tests/_crash_runner.py) so that an input that
kills the interpreter is reported as a failing test instead of ending the run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

NAN = math.nan
INF = math.inf

Python = ("TypeError", "ValueError")


@dataclass(frozen=True)
class Case:
    id: str
    action: Callable[[Any], Any]
    expect: Tuple[str, ...]
    match: Optional[str] = None
    needs_numpy: bool = False


def param(name: str) -> str:
    """A regex for a parameter name as the library may write it: "end_delay", "end delay"
    or "endDelay" (matched case-insensitively)."""
    return r"\b" + name.replace("_", "[ _]?") + r"\b"


CASES: List[Case] = []


def case(id: str, action: Callable[[Any], Any], *expect: str, match: Optional[str] = None, needs_numpy: bool = False) -> None:
    CASES.append(Case(id, action, tuple(expect), match, needs_numpy))


# --------------------------------------------------------------------------------------
# Curve specs
# --------------------------------------------------------------------------------------

case("curve-spec-empty", lambda gf: gf.Curve(""), "ParseError", match=r"empty|spec|expected|name")
case("curve-spec-blank", lambda gf: gf.Curve("   "), "ParseError", match=r"empty|spec|expected|name")
case("curve-spec-unknown-name", lambda gf: gf.Curve("eaze"), "ParseError", match=r"eaze")
case("curve-spec-unknown-penner", lambda gf: gf.Curve("easeInOutWobble"), "ParseError", match=r"easeInOutWobble")
case(
    "curve-spec-bezier-x-above-1",
    lambda gf: gf.Curve("cubic-bezier(2, 0, 1, 1)"),
    "InvalidArgumentError",
    match=r"x1|\b2\b|\[0, ?1\]|range",
)
case(
    "curve-spec-bezier-x-negative",
    lambda gf: gf.Curve("cubic-bezier(0.25, 0.1, -0.5, 1)"),
    "InvalidArgumentError",
    match=r"x2|-0\.5|\[0, ?1\]|range",
)
case(
    "curve-spec-bezier-three-numbers",
    lambda gf: gf.Curve("cubic-bezier(0.25, 0.1, 0.25)"),
    "ParseError",
    match=r"cubic-bezier|4|four|argument|number",
)
case(
    "curve-spec-bezier-nan",
    lambda gf: gf.Curve("cubic-bezier(nan, 0, 1, 1)"),
    "ParseError",
    "InvalidArgumentError",
    match=r"nan|finite|number",
)
case(
    "curve-spec-bezier-absurd-number",
    lambda gf: gf.Curve("cubic-bezier(0.5, " + "9" * 400 + ", 0.5, 1)"),
    "ParseError",
    "InvalidArgumentError",
    match=r"finite|range|number|large|y1",
)
case("curve-spec-steps-zero", lambda gf: gf.Curve("steps(0)"), "InvalidArgumentError", match=r"steps|\b0\b|positive|at least")
case(
    "curve-spec-steps-zero-jump-none",
    lambda gf: gf.Curve("steps(1, jump-none)"),
    "InvalidArgumentError",
    match=r"steps|jump-none|\b1\b|at least",
)
case("curve-spec-steps-negative", lambda gf: gf.Curve("steps(-3)"), "ParseError", "InvalidArgumentError", match=r"steps|-3|positive|at least")
case("curve-spec-steps-fraction", lambda gf: gf.Curve("steps(2.5)"), "ParseError", "InvalidArgumentError", match=r"steps|2\.5|integer")
case("curve-spec-steps-bad-position", lambda gf: gf.Curve("steps(2, jump-sideways)"), "ParseError", match=r"jump-sideways")
case(
    "curve-spec-steps-huge",
    lambda gf: gf.Curve("steps(" + "9" * 30 + ")"),
    "ok",
    "ParseError",
    "InvalidArgumentError",
    "LimitError",
)
case(
    "curve-spec-unbalanced-open",
    lambda gf: gf.Curve("cubic-bezier(0.25, 0.1, 0.25, 1"),
    "ParseError",
    match=r"\)|paren|expected|end|unterminated|unclosed|missing",
)
case("curve-spec-unbalanced-close", lambda gf: gf.Curve("ease)"), "ParseError", match=r"\)|paren|expected|unexpected|trailing|ease")
case(
    "curve-spec-linear-unbalanced",
    lambda gf: gf.Curve("linear(0, 0.25, 1"),
    "ParseError",
    match=r"\)|paren|expected|end|unterminated|unclosed|missing",
)
case("curve-spec-deep-parens", lambda gf: gf.Curve("(" * 100_000), "ParseError", "LimitError")
case("curve-spec-deep-nesting", lambda gf: gf.Curve("linear(" * 10_000 + ")" * 10_000), "ParseError", "LimitError")
case("curve-spec-linear-empty", lambda gf: gf.Curve("linear()"), "ParseError", "InvalidArgumentError", match=r"linear|point|stop|empty|expected")
case("curve-spec-linear-one-point", lambda gf: gf.Curve("linear(0.5)"), "ok", "ParseError", "InvalidArgumentError")
case("curve-spec-linear-nan", lambda gf: gf.Curve("linear(0, nan, 1)"), "ParseError", "InvalidArgumentError", match=r"nan|finite|number")
case(
    "curve-spec-spring-never-settles",
    lambda gf: gf.Curve("spring(1, 100, 0, 0)"),
    "InvalidArgumentError",
    match=r"settle|damping",
)
case("curve-spec-spring-zero-mass", lambda gf: gf.Curve("spring(0, 100, 10, 0)"), "InvalidArgumentError", match=param("mass"))
case("curve-spec-spring-negative-stiffness", lambda gf: gf.Curve("spring(1, -100, 10, 0)"), "InvalidArgumentError", match=param("stiffness"))
case("curve-spec-garbage-after", lambda gf: gf.Curve("ease ease"), "ParseError")
case("curve-spec-embedded-nul", lambda gf: gf.Curve("ease\0junk"), "ParseError", "InvalidUTF8Error")
case("curve-spec-non-utf8-bytes", lambda gf: gf.Curve(b"ease\xff"), "InvalidUTF8Error", match=r"utf-?8")
case("curve-spec-overlong-utf8", lambda gf: gf.Curve(b"\xc0\xaf"), "InvalidUTF8Error", match=r"utf-?8")
case("curve-spec-lone-surrogate", lambda gf: gf.Curve("ease\ud800"), "InvalidUTF8Error", match=r"utf-?8")
case("curve-spec-unicode-name", lambda gf: gf.Curve("éase"), "ParseError", match=r"éase|name|unknown")
case("curve-spec-huge", lambda gf: gf.Curve("linear(" + ", ".join(["0.5"] * 200_000) + ")"), "ok", "LimitError")
case(
    "curve-spec-over-the-text-limit",
    lambda gf: gf.Curve(b"a" * (gf._native.GF_MAX_TEXT_BYTES + 1)),
    "LimitError",
    match=r"longer|limit|bytes|too long",
)
case("curve-spec-none", lambda gf: gf.Curve(None), "TypeError", match=param("spec"))
case("curve-spec-float", lambda gf: gf.Curve(0.5), "TypeError", match=param("spec"))
case("curve-spec-list", lambda gf: gf.Curve(["ease"]), "TypeError", match=param("spec"))

# --------------------------------------------------------------------------------------
# Curve evaluation
# --------------------------------------------------------------------------------------

for _spec in ("linear", "ease", "steps(3, jump-both)", "easeOutBounce", "spring(1, 100, 10, 0)"):
    for _name, _x in (("nan", NAN), ("inf", INF), ("-inf", -INF)):
        case(
            f"curve-eval-{_spec}-{_name}",
            lambda gf, s=_spec, x=_x: gf.Curve(s)(x),
            "InvalidArgumentError",
            match=param("x") + r".*(finite|nan|inf)|(finite|nan|inf).*" + param("x"),
        )
    for _name, _x in (("huge", 1e308), ("-huge", -1e308), ("tiny", 5e-324), ("-zero", -0.0), ("big", 1e15)):
        case(f"curve-eval-{_spec}-{_name}", lambda gf, s=_spec, x=_x: gf.Curve(s)(x), "ok")
        case(f"curve-eval-{_spec}-{_name}-before", lambda gf, s=_spec, x=_x: gf.Curve(s)(x, True), "ok")

case("curve-eval-str", lambda gf: gf.Curve("linear")("0.5"), "TypeError", match=param("x"))
case("curve-eval-none", lambda gf: gf.Curve("linear")(None), "TypeError", match=param("x"))
case("curve-eval-complex", lambda gf: gf.Curve("linear")(0.5 + 1j), "TypeError", match=param("x"))
case("curve-eval-list", lambda gf: gf.Curve("linear")([0.5]), "TypeError", match=param("x"))
case("curve-eval-huge-int", lambda gf: gf.Curve("linear")(10**400), "InvalidArgumentError", match=param("x"))
case("curve-eval-before-flag-2", lambda gf: gf.Curve("linear")(0.5, 2), "ValueError", match=param("before_flag"))
case("curve-eval-before-flag-str", lambda gf: gf.Curve("linear")(0.5, "yes"), "TypeError", match=param("before_flag"))
case("curve-eval-before-flag-float", lambda gf: gf.Curve("linear")(0.5, 1.0), "TypeError", match=param("before_flag"))

case("curve-many-nan-at-1", lambda gf: gf.Curve("linear").eval_many([0.0, NAN, 1.0]), "InvalidArgumentError", match=r"\b1\b")
case("curve-many-inf-at-2", lambda gf: gf.Curve("ease").eval_many([0.0, 0.5, INF]), "InvalidArgumentError", match=r"\b2\b")
case("curve-many-neg-inf-at-0", lambda gf: gf.Curve("ease").eval_many([-INF]), "InvalidArgumentError", match=r"\b0\b")
case("curve-many-str", lambda gf: gf.Curve("linear").eval_many("0.5"), "TypeError")
case("curve-many-bytes", lambda gf: gf.Curve("linear").eval_many(b"\x00\x01"), "TypeError")
case("curve-many-not-iterable", lambda gf: gf.Curve("linear").eval_many(0.5), "TypeError")
case("curve-many-none", lambda gf: gf.Curve("linear").eval_many(None), "TypeError")
case("curve-many-str-element", lambda gf: gf.Curve("linear").eval_many([0.5, "x"]), "TypeError", match=r"xs\[1\]")
case("curve-many-none-element", lambda gf: gf.Curve("linear").eval_many([None]), "TypeError", match=r"xs\[0\]")
case("curve-many-huge", lambda gf: gf.Curve("linear").eval_many([1e308, -1e308, 5e-324]), "ok")


def _np():
    import numpy

    return numpy


case(
    "curve-many-numpy-nan-2d",
    lambda gf: gf.Curve("linear").eval_many(_np().array([[0.0, 0.1, 0.2], [0.3, 0.4, NAN]])),
    "InvalidArgumentError",
    match=r"\b5\b",
    needs_numpy=True,
)
case(
    "curve-many-numpy-inf-strided",
    lambda gf: gf.Curve("ease").eval_many(_np().array([0.0, 9.0, INF, 9.0])[::2]),
    "InvalidArgumentError",
    match=r"\b1\b",
    needs_numpy=True,
)
case("curve-many-numpy-complex", lambda gf: gf.Curve("linear").eval_many(_np().array([0.5 + 1j])), "TypeError", needs_numpy=True)
case("curve-many-numpy-str", lambda gf: gf.Curve("linear").eval_many(_np().array(["0.5"])), "TypeError", needs_numpy=True)
case(
    "curve-many-numpy-object",
    lambda gf: gf.Curve("linear").eval_many(_np().array([0.5, None], dtype=object)),
    "TypeError",
    needs_numpy=True,
)
case(
    "curve-many-numpy-huge",
    lambda gf: gf.Curve("ease").eval_many(_np().array([1e308, -1e308, 5e-324])),
    "ok",
    needs_numpy=True,
)


def _closed_curve(gf):
    curve = gf.Curve("linear")
    curve.close()
    return curve


case("curve-closed-call", lambda gf: _closed_curve(gf)(0.5), "ValueError", match=r"closed")
case("curve-closed-many", lambda gf: _closed_curve(gf).eval_many([0.5]), "ValueError", match=r"closed")
case("curve-closed-spec", lambda gf: _closed_curve(gf).spec, "ValueError", match=r"closed")

# --------------------------------------------------------------------------------------
# Springs
# --------------------------------------------------------------------------------------

_SPRING_BAD: Dict[str, Tuple[Any, ...]] = {
    "mass": (0.0, -1.0, NAN, INF, -INF, 10**400),
    "stiffness": (0.0, -100.0, NAN, INF, -INF),
    "damping": (-1.0, NAN, INF, -INF),
    "initial_velocity": (NAN, INF, -INF),
}
for _field, _values in _SPRING_BAD.items():
    for _value in _values:
        case(
            f"spring-{_field}-{_value if not isinstance(_value, int) else 'hugeint'}",
            lambda gf, f=_field, v=_value: gf.Spring(**{f: v}),
            "InvalidArgumentError",
            match=param(_field),
        )
for _field in ("mass", "stiffness", "damping", "initial_velocity"):
    case(f"spring-{_field}-str", lambda gf, f=_field: gf.Spring(**{f: "1"}), "TypeError", match=param(_field))
    case(f"spring-{_field}-none", lambda gf, f=_field: gf.Spring(**{f: None}), "TypeError", match=param(_field))
case("spring-overdamping-str", lambda gf: gf.Spring(allows_overdamping="yes"), "TypeError", match=param("allows_overdamping"))
case("spring-overdamping-2", lambda gf: gf.Spring(allows_overdamping=2), "ValueError", match=param("allows_overdamping"))
case("spring-absurd-light", lambda gf: gf.Spring(mass=1e-300, stiffness=1e300, damping=1e-300).value(1.0), "ok", "InvalidArgumentError")
case("spring-absurd-heavy", lambda gf: gf.Spring(mass=1e300, stiffness=1e-300, damping=1e300).value(1.0), "ok", "InvalidArgumentError")
case(
    "spring-absurd-overdamped",
    lambda gf: gf.Spring(damping=1e300, allows_overdamping=True).value(1.0),
    "ok",
    "InvalidArgumentError",
)
case(
    "spring-absurd-velocity",
    lambda gf: gf.Spring(initial_velocity=-1e300).value(0.5),
    "ok",
    "InvalidArgumentError",
)
for _method in ("value", "velocity"):
    for _name, _t in (("nan", NAN), ("inf", INF), ("-inf", -INF)):
        case(
            f"spring-{_method}-{_name}",
            lambda gf, m=_method, t=_t: getattr(gf.Spring(), m)(t),
            "InvalidArgumentError",
            match=param("t"),
        )
    for _name, _t in (("huge", 1e308), ("-huge", -1e308), ("negative", -1.0)):
        case(f"spring-{_method}-{_name}", lambda gf, m=_method, t=_t: getattr(gf.Spring(), m)(t), "ok")
    case(f"spring-{_method}-str", lambda gf, m=_method: getattr(gf.Spring(), m)("1"), "TypeError", match=param("t"))
for _name, _eps in (("zero", 0.0), ("one", 1.0), ("negative", -0.1), ("two", 2.0), ("nan", NAN), ("inf", INF)):
    case(
        f"spring-settling-epsilon-{_name}",
        lambda gf, e=_eps: gf.Spring().settling_duration(e),
        "InvalidArgumentError",
        match=param("epsilon"),
    )
case("spring-settling-tiny-epsilon", lambda gf: gf.Spring().settling_duration(1e-300), "ok", "InvalidArgumentError")
case(
    "spring-settling-undamped",
    lambda gf: gf.Spring(damping=0).settling_duration(),
    "InvalidArgumentError",
    match=r"settle|damping",
)
case("spring-settling-epsilon-str", lambda gf: gf.Spring().settling_duration("0.1"), "TypeError", match=param("epsilon"))

# --------------------------------------------------------------------------------------
# Web Animations timing
# --------------------------------------------------------------------------------------

_TIMING_BAD: Dict[str, Tuple[Any, ...]] = {
    "duration": (-1.0, NAN, -INF),  # +INF is allowed (Web Animations)
    "delay": (NAN, INF, -INF),
    "end_delay": (NAN, INF, -INF),
    "iterations": (-1.0, NAN, -INF),
    "iteration_start": (-1.0, NAN, INF),
    "playback_rate": (0.0, NAN, INF, -INF),
    "time_offset": (-1.0, NAN, INF),
}
for _field, _values in _TIMING_BAD.items():
    for _value in _values:
        _kwargs = {"duration": 1.0, _field: _value}
        case(
            f"timing-{_field}-{_value}",
            lambda gf, kw=_kwargs: gf.Timing(**kw),
            "InvalidArgumentError",
            match=param(_field),
        )
    case(f"timing-{_field}-str", lambda gf, f=_field: gf.Timing(**{"duration": 1.0, f: "1"}), "TypeError", match=param(_field))
case("timing-direction-unknown", lambda gf: gf.Timing(1, direction="sideways"), "ValueError", match=r"direction.*sideways|sideways.*direction")
case("timing-direction-underscore", lambda gf: gf.Timing(1, direction="alternate_reverse"), "ValueError", match=param("direction"))
case("timing-direction-int", lambda gf: gf.Timing(1, direction=2), "TypeError", match=param("direction"))
case("timing-fill-unknown", lambda gf: gf.Timing(1, fill="forward"), "ValueError", match=r"fill.*forward|forward.*fill")
case("timing-fill-removed", lambda gf: gf.Timing(1, fill="removed"), "ValueError", match=param("fill"))
case("timing-fill-none-object", lambda gf: gf.Timing(1, fill=None), "TypeError", match=param("fill"))
case("timing-easing-int", lambda gf: gf.Timing(1, easing=5), "TypeError", match=param("easing"))
case("timing-easing-bad-spec", lambda gf: gf.Timing(1, easing="eaze"), "ParseError", match=r"eaze")
case("timing-easing-closed-curve", lambda gf: gf.Timing(1, easing=_closed_curve(gf)), "ValueError", match=r"closed")
case("timing-duration-inf-at", lambda gf: gf.Timing(INF, fill="both").at(1e300), "ok")
case("timing-absurd-long", lambda gf: gf.Timing(1e308, iterations=1e308).at(1e308), "ok", "InvalidArgumentError")
case("timing-absurd-short", lambda gf: gf.Timing(5e-324, iterations=INF).at(1e300), "ok", "InvalidArgumentError")
case("timing-absurd-delay", lambda gf: gf.Timing(1, delay=-1e308, end_delay=1e308).at(0), "ok", "InvalidArgumentError")
case("timing-absurd-iteration-start", lambda gf: gf.Timing(1, iteration_start=1e300, fill="both").at(0.5), "ok", "InvalidArgumentError")
case("timing-absurd-rate", lambda gf: gf.Timing(1, playback_rate=-5e-324).at(1.0), "ok", "InvalidArgumentError")
for _name, _t in (("nan", NAN), ("inf", INF), ("-inf", -INF)):
    case(
        f"timing-at-{_name}",
        lambda gf, t=_t: gf.Timing(1).at(t),
        "InvalidArgumentError",
        match=param("local_time") + r"|\btime\b",
    )
case("timing-at-str", lambda gf: gf.Timing(1).at("0.5"), "TypeError", match=param("local_time"))
case("timing-at-huge", lambda gf: gf.Timing(1, iterations=INF, fill="both").at(-1e308), "ok")


def _closed_timing(gf):
    timing = gf.Timing(1)
    timing.close()
    return timing


case("timing-closed-at", lambda gf: _closed_timing(gf).at(0.5), "ValueError", match=r"closed")
case("timing-closed-duration", lambda gf: _closed_timing(gf).duration, "ValueError", match=r"closed")
case("timing-closed-active-duration", lambda gf: _closed_timing(gf).active_duration, "ValueError", match=r"closed")

# --------------------------------------------------------------------------------------
# Core Animation timing
# --------------------------------------------------------------------------------------

_CA_BAD: Dict[str, Tuple[Any, ...]] = {
    "duration": (-1.0, NAN, INF, -INF),
    "begin_time": (NAN, INF, -INF),
    "speed": (0.0, -1.0, NAN, INF, -INF),
    "time_offset": (-1.0, NAN, INF),
    "repeat_count": (-1.0, NAN, -INF),
    "repeat_duration": (-1.0, NAN, -INF),
}
for _field, _values in _CA_BAD.items():
    for _value in _values:
        _kwargs = {"duration": 1.0, _field: _value}
        case(
            f"ca-{_field}-{_value}",
            lambda gf, kw=_kwargs: gf.Timing.core_animation(**kw),
            "InvalidArgumentError",
            match=param(_field),
        )
    case(
        f"ca-{_field}-str",
        lambda gf, f=_field: gf.Timing.core_animation(**{"duration": 1.0, f: "1"}),
        "TypeError",
        match=param(_field),
    )
case("ca-autoreverses-2", lambda gf: gf.Timing.core_animation(1, autoreverses=2), "ValueError", match=param("autoreverses"))
case("ca-autoreverses-str", lambda gf: gf.Timing.core_animation(1, autoreverses="yes"), "TypeError", match=param("autoreverses"))
case("ca-fill-mode-none", lambda gf: gf.Timing.core_animation(1, fill_mode="none"), "ValueError", match=param("fill_mode"))
case("ca-fill-mode-kca", lambda gf: gf.Timing.core_animation(1, fill_mode="kCAFillModeForwards"), "ValueError", match=param("fill_mode"))
case("ca-fill-mode-int", lambda gf: gf.Timing.core_animation(1, fill_mode=1), "TypeError", match=param("fill_mode"))
case("ca-easing-bad-spec", lambda gf: gf.Timing.core_animation(1, easing="cubic-bezier(2,0,1,1)"), "InvalidArgumentError")
case(
    "ca-absurd",
    lambda gf: gf.Timing.core_animation(1e-300, speed=1e300, repeat_count=INF, time_offset=1e300).at(1e300),
    "ok",
    "InvalidArgumentError",
)
case(
    "ca-absurd-repeat-duration",
    lambda gf: gf.Timing.core_animation(1e300, repeat_duration=5e-324, autoreverses=True).at(1.0),
    "ok",
    "InvalidArgumentError",
)

CASES_BY_ID: Dict[str, Case] = {}
for _case in CASES:
    assert _case.id not in CASES_BY_ID, f"duplicate case id {_case.id}"
    CASES_BY_ID[_case.id] = _case


def run(gf: Any, c: Case) -> Any:
    """Runs one case's action; exceptions propagate."""
    return c.action(gf)
