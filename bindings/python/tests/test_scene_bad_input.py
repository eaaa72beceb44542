"""Bad input through every scene and animation entry point.

Each case raises the documented error - a TypeError/ValueError before the library is
called (an ArgumentTypeError or InvalidArgumentError: GhostframeErrors too), or a
GhostframeError subclass whose message (the library's) matches ``match`` -
and none crashes the interpreter: the whole battery first runs in a child process
(``python test_scene_bad_input.py``), resuming after any case that kills it, and a case
that crashed there fails here instead of being run in-process.
"""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

NAN, INF = math.nan, math.inf
PY = ("TypeError", "ValueError")


@dataclass(frozen=True)
class Case:
    id: str
    action: Callable[[Any], Any]
    expect: Tuple[str, ...]
    match: Optional[str] = None
    needs_numpy: bool = False


CASES: List[Case] = []


def case(id: str, action: Callable[[Any], Any], *expect: str, match: Optional[str] = None,
         needs_numpy: bool = False) -> None:
    CASES.append(Case(id, action, tuple(expect), match, needs_numpy))


def scene(gf: Any) -> Any:
    """root > child, and other; an animation on child under key "k"."""
    s = gf.Scene()
    s.add_layer("root", frame=(0, 0, 100, 100))
    s.add_layer("child", parent="root", frame=(10, 10, 20, 20))
    s.add_layer("other")
    s.add_animation("child", gf.Animation.basic("opacity", to=0, timing=1), key="k")
    return s


def basic(gf: Any, **kw: Any) -> Any:
    args = dict(to=0.5, timing=1)
    args.update(kw)
    return gf.Animation.basic(kw.pop("key_path", "opacity") if "key_path" in kw else "opacity",
                              **{k: v for k, v in args.items() if k != "key_path"})


def kf(gf: Any, values: Any = (0, 1), key_path: str = "opacity", **kw: Any) -> Any:
    kw.setdefault("timing", 1)
    return gf.Animation.keyframes(key_path, values, **kw)


# -- Scene: layers -----------------------------------------------------------------------------

case("layer-id-none", lambda gf: gf.Scene().add_layer(None), "TypeError", match="id")
case("layer-id-int", lambda gf: gf.Scene().add_layer(5), "TypeError", match="id")
case("layer-id-nul", lambda gf: gf.Scene().add_layer("a\0b"), "ValueError", match="NUL")
case("layer-id-bad-utf8", lambda gf: gf.Scene().add_layer(b"\xff\xfe"), "InvalidUTF8Error", match="UTF-8")
case("layer-id-lone-surrogate", lambda gf: gf.Scene().add_layer("a\udc80"), "InvalidUTF8Error", match="UTF-8")
case("layer-id-duplicate", lambda gf: scene(gf).add_layer("child"), "InvalidArgumentError",
     match=r"child.*(duplicate|already|exists)|(duplicate|already|exists).*child")
case("layer-parent-unknown", lambda gf: scene(gf).add_layer("x", parent="ghost"), "NotFoundError", match="ghost")
case("layer-parent-int", lambda gf: scene(gf).add_layer("x", parent=3), "TypeError", match="parent")
for _i, _name in enumerate(("x", "y", "width", "height")):
    for _bad, _label in ((NAN, "nan"), (INF, "inf"), (-INF, "-inf")):
        _frame = [0.0, 0.0, 10.0, 10.0]
        _frame[_i] = _bad
        case(f"layer-frame-{_name}-{_label}", lambda gf, f=tuple(_frame): gf.Scene().add_layer("a", frame=f),
             "InvalidArgumentError", match=_name if _name in ("width", "height") else rf"\b{_name}\b|frame|finite")
case("layer-frame-negative-width", lambda gf: gf.Scene().add_layer("a", frame=(0, 0, -1, 10)),
     "InvalidArgumentError", match="frame size.*negative")
case("layer-frame-negative-height", lambda gf: gf.Scene().add_layer("a", frame=(0, 0, 1, -10)),
     "InvalidArgumentError", match="frame size.*negative")
case("layer-frame-3-numbers", lambda gf: gf.Scene().add_layer("a", frame=(0, 0, 1)), "ValueError", match="4")
case("layer-frame-text", lambda gf: gf.Scene().add_layer("a", frame="0 0 1 1"), "TypeError", match="frame")
case("layer-frame-none", lambda gf: gf.Scene().add_layer("a", frame=None), "TypeError", match="frame")
case("layer-frame-string-item", lambda gf: gf.Scene().add_layer("a", frame=(0, "0", 1, 1)), "TypeError",
     match=r"frame\[1\]")
case("layer-anchor-nan", lambda gf: gf.Scene().add_layer("a", anchor_point=(NAN, 0.5)), "InvalidArgumentError",
     match="anchor|finite")
case("layer-anchor-1-number", lambda gf: gf.Scene().add_layer("a", anchor_point=(0.5,)), "ValueError", match="2")
case("layer-corner-radius-nan", lambda gf: gf.Scene().add_layer("a", corner_radius=NAN), "InvalidArgumentError",
     match="corner|finite")
case("layer-corner-radius-inf", lambda gf: gf.Scene().add_layer("a", corner_radius=INF), "InvalidArgumentError",
     match="corner|finite")
case("layer-color-nan", lambda gf: gf.Scene().add_layer("a", background_color=(NAN, 0, 0, 1)),
     "InvalidArgumentError", match=r"colou?r|\br\b|red|finite")
case("layer-color-bad-hex", lambda gf: gf.Scene().add_layer("a", background_color="#GG0000"), "ValueError",
     match="colour")
case("layer-color-rgba-hex", lambda gf: gf.Scene().add_layer("a", background_color="#FFFF"), "ValueError",
     match="RRGGBB")
case("layer-color-unknown-name", lambda gf: gf.Scene().add_layer("a", background_color="redd"), "ValueError",
     match="did you mean 'red'")
case("layer-color-5", lambda gf: gf.Scene().add_layer("a", background_color=(1, 1, 1, 1, 1)), "ValueError",
     match="4")
case("layer-color-none", lambda gf: gf.Scene().add_layer("a", background_color=None), "TypeError",
     match="background_color")
case("layer-opacity-nan", lambda gf: gf.Scene().add_layer("a", opacity=NAN), "InvalidArgumentError",
     match="opacity|finite")
case("layer-opacity-text", lambda gf: gf.Scene().add_layer("a", opacity="1"), "TypeError", match="opacity")
case("layer-opacity-none", lambda gf: gf.Scene().add_layer("a", opacity=None), "TypeError", match="opacity")
case("layer-hidden-2", lambda gf: gf.Scene().add_layer("a", hidden=2), "ValueError", match="hidden")
case("layer-hidden-text", lambda gf: gf.Scene().add_layer("a", hidden="yes"), "TypeError", match="hidden")
case("layer-scale-nan", lambda gf: gf.Scene().add_layer("a", scale=(NAN, 1)), "InvalidArgumentError",
     match="scale|finite")
case("layer-scale-inf-number", lambda gf: gf.Scene().add_layer("a", scale=INF), "InvalidArgumentError",
     match="scale|finite")
case("layer-rotation-inf", lambda gf: gf.Scene().add_layer("a", rotation=INF), "InvalidArgumentError",
     match="rotation|finite")
case("layer-translation-nan", lambda gf: gf.Scene().add_layer("a", translation=(0, NAN)), "InvalidArgumentError",
     match="translation|finite")
case("layer-z-nan", lambda gf: gf.Scene().add_layer("a", z_position=NAN), "InvalidArgumentError",
     match="z|finite")
case("layer-huge-int", lambda gf: gf.Scene().add_layer("a", frame=(10**400, 0, 1, 1)), "InvalidArgumentError",
     match=r"\bx\b|frame|finite")
case("layer-unknown-keyword", lambda gf: gf.Scene().add_layer("a", color="#FFFFFF"), "TypeError", match="color")
case("gradient-5-stops", lambda gf: gf.Scene().add_layer("a", gradient=dict(colors=["#000000"] * 5)),
     "InvalidArgumentError", match="gradient|stop")
case("gradient-locations-mismatch",
     lambda gf: gf.Scene().add_layer("a", gradient=dict(colors=["#000000", "#FFFFFF"], locations=[0, 0.5, 1])),
     "InvalidArgumentError", match="location")
case("gradient-color-nan", lambda gf: gf.Scene().add_layer("a", gradient=dict(colors=[(NAN, 0, 0, 1)])),
     "InvalidArgumentError", match="gradient|colou?r|finite")
case("gradient-location-nan",
     lambda gf: gf.Scene().add_layer("a", gradient=dict(colors=["#000000", "#FFFFFF"], locations=[0, NAN])),
     "InvalidArgumentError", match="gradient|location|finite")
case("gradient-start-inf",
     lambda gf: gf.Scene().add_layer("a", gradient=dict(colors=["#000000"], start_point=(INF, 0))),
     "InvalidArgumentError", match="gradient|start|finite")
case("gradient-unknown-key", lambda gf: gf.Scene().add_layer("a", gradient=dict(colours=["#000000"])),
     "TypeError", match="colours")
case("gradient-no-colors", lambda gf: gf.Scene().add_layer("a", gradient=dict(locations=[0])), "TypeError",
     match="colors")
case("gradient-not-a-dict", lambda gf: gf.Scene().add_layer("a", gradient=["#000000"]), "TypeError",
     match="gradient")
case("gradient-colors-text", lambda gf: gf.Scene().add_layer("a", gradient=dict(colors="#000000")), "TypeError",
     match="colors")
case("gradient-point-3", lambda gf: gf.Scene().add_layer("a", gradient=dict(colors=[], end_point=(0, 0, 0))),
     "ValueError", match="end_point")

case("update-unknown-layer", lambda gf: scene(gf).update_layer("ghost"), "NotFoundError", match="ghost")
case("update-cycle-child", lambda gf: scene(gf).update_layer("root", parent="child"), "InvalidArgumentError",
     match="cycle|own subtree|descendant")
case("update-cycle-self", lambda gf: scene(gf).update_layer("root", parent="root"), "InvalidArgumentError",
     match="cycle|itself|own subtree")
case("update-unknown-parent", lambda gf: scene(gf).update_layer("child", parent="ghost"), "NotFoundError",
     match="ghost")
case("update-nan", lambda gf: scene(gf).update_layer("child", opacity=NAN), "InvalidArgumentError",
     match="opacity|finite")
case("update-id-none", lambda gf: scene(gf).update_layer(None), "TypeError", match="id")
case("remove-unknown-layer", lambda gf: scene(gf).remove_layer("ghost"), "NotFoundError", match="ghost")
case("remove-layer-none", lambda gf: scene(gf).remove_layer(None), "TypeError", match="id")
case("remove-layer-twice", lambda gf: [s.remove_layer("root") or s.remove_layer("child") for s in [scene(gf)]],
     "NotFoundError", match="child")
case("layer-index-unknown", lambda gf: scene(gf).layer("ghost"), "NotFoundError", match="ghost")
case("layer-index-none", lambda gf: scene(gf).layer(None), "TypeError", match="id")
case("layer-index-empty", lambda gf: scene(gf).layer(""), "NotFoundError", "InvalidArgumentError")
case("set-custom-nan", lambda gf: scene(gf).set_custom("child", "glow", NAN), "InvalidArgumentError",
     match="value|finite")
case("set-custom-inf", lambda gf: scene(gf).set_custom("child", "glow", INF), "InvalidArgumentError",
     match="value|finite")
case("set-custom-unknown-layer", lambda gf: scene(gf).set_custom("ghost", "glow", 1), "NotFoundError",
     match="ghost")
case("set-custom-empty-name", lambda gf: scene(gf).set_custom("child", "", 1), "InvalidArgumentError",
     match="name")
case("set-custom-none-name", lambda gf: scene(gf).set_custom("child", None, 1), "TypeError", match="name")
case("set-custom-text-value", lambda gf: scene(gf).set_custom("child", "glow", "1"), "TypeError", match="value")

# -- Scene: sampling and events --------------------------------------------------------------

for _bad, _label in ((NAN, "nan"), (INF, "inf"), (-INF, "-inf")):
    case(f"sample-{_label}", lambda gf, b=_bad: scene(gf).sample(b), "InvalidArgumentError", match=r"\bt\b|finite")
    case(f"sample-custom-{_label}", lambda gf, b=_bad: scene(gf).sample_custom("glow", b), "InvalidArgumentError",
         match=r"\bt\b|finite")
    case(f"advance-{_label}", lambda gf, b=_bad: scene(gf).advance(b), "InvalidArgumentError",
         match=r"\bt\b|time|finite")
    case(f"handoff-{_label}", lambda gf, b=_bad: scene(gf).add_animation("child", basic(gf), handoff_time=b),
         "InvalidArgumentError", match="handoff|finite")
case("sample-text", lambda gf: scene(gf).sample("0"), "TypeError", match=r"\bt\b")
case("sample-none", lambda gf: scene(gf).sample(None), "TypeError", match=r"\bt\b")
case("sample-out-list", lambda gf: scene(gf).sample(0, out=[]), "TypeError", match="out")
case("sample-out-wrong-dtype", lambda gf: scene(gf).sample(0, out=__import__("numpy").zeros(3)), "TypeError",
     match="dtype", needs_numpy=True)
case("sample-out-too-small",
     lambda gf: scene(gf).sample(0, out=__import__("numpy").zeros(2, dtype=gf.LAYER_STATE_DTYPE)),
     "BufferTooSmallError", match="3", needs_numpy=True)
case("sample-out-empty",
     lambda gf: scene(gf).sample(0, out=__import__("numpy").zeros(0, dtype=gf.LAYER_STATE_DTYPE)),
     "BufferTooSmallError", match="3", needs_numpy=True)
case("sample-custom-none-name", lambda gf: scene(gf).sample_custom(None, 0), "TypeError", match="name")
case("sample-custom-empty-name", lambda gf: scene(gf).sample_custom("", 0), "NotFoundError",
     "InvalidArgumentError", match="name|custom")
case("sample-custom-nul-name", lambda gf: scene(gf).sample_custom("a\0", 0), "ValueError", match="NUL")
case("advance-callback-not-callable", lambda gf: scene(gf).advance(1, 42), "TypeError", match="callable")
case("advance-text", lambda gf: scene(gf).advance("1"), "TypeError", match=r"\bt\b")

# -- Scene: attaching --------------------------------------------------------------------------

case("add-animation-unknown-layer", lambda gf: scene(gf).add_animation("ghost", basic(gf)), "NotFoundError",
     match="ghost")
case("add-animation-none", lambda gf: scene(gf).add_animation("child", None), "TypeError", match="animation")
case("add-animation-not-animation", lambda gf: scene(gf).add_animation("child", gf.Timing(1)), "TypeError",
     match="animation")
case("add-animation-layer-none", lambda gf: scene(gf).add_animation(None, basic(gf)), "TypeError",
     match="layer_id")
case("add-animation-key-int", lambda gf: scene(gf).add_animation("child", basic(gf), key=1), "TypeError",
     match="key")
case("add-animation-key-nul", lambda gf: scene(gf).add_animation("child", basic(gf), key="a\0"), "ValueError",
     match="NUL")
case("add-animation-closed", lambda gf: [a.close() or scene(gf).add_animation("child", a) for a in [basic(gf)]],
     "ValueError", match="closed")
case("add-animation-handoff-text", lambda gf: scene(gf).add_animation("child", basic(gf), handoff_time="0"),
     "TypeError", match="handoff_time")
case("add-transition-unknown-from-layer",
     lambda gf: scene(gf).add_animation("child", gf.Animation.transition("fade", from_layer="ghost", timing=1)),
     "NotFoundError", "InvalidArgumentError", match="ghost")
case("remove-animation-unknown", lambda gf: scene(gf).remove_animation(987654), "NotFoundError",
     match="987654")
case("remove-animation-negative", lambda gf: scene(gf).remove_animation(-1), "ValueError", match="animation_id")
case("remove-animation-huge", lambda gf: scene(gf).remove_animation(2**64), "ValueError", match="animation_id")
case("remove-animation-text", lambda gf: scene(gf).remove_animation("1"), "TypeError", match="animation_id")
case("remove-animation-float", lambda gf: scene(gf).remove_animation(1.0), "TypeError", match="animation_id")
case("remove-animation-none", lambda gf: scene(gf).remove_animation(None), "TypeError", match="animation_id")

# -- Animation.basic ----------------------------------------------------------------------------

case("basic-unknown-key-path", lambda gf: gf.Animation.basic("opacty", to=0, timing=1), "NotFoundError",
     match="opacty")
case("basic-empty-key-path", lambda gf: gf.Animation.basic("", to=0, timing=1), "NotFoundError",
     "InvalidArgumentError", match="key path|key_path")
case("basic-custom-without-name", lambda gf: gf.Animation.basic("custom.", to=0, timing=1), "NotFoundError",
     match="custom")
case("basic-key-path-none", lambda gf: gf.Animation.basic(None, to=0, timing=1), "TypeError", match="key_path")
case("basic-key-path-nul", lambda gf: gf.Animation.basic("opacity\0x", to=0, timing=1), "ValueError",
     match="NUL")
case("basic-key-path-bad-utf8", lambda gf: gf.Animation.basic(b"opa\xffcity", to=0, timing=1),
     "InvalidUTF8Error", match="UTF-8")
for _which in ("from_", "to", "by"):
    for _bad, _label in ((NAN, "nan"), (INF, "inf")):
        case(f"basic-{_which.rstrip('_')}-{_label}",
             lambda gf, w=_which, b=_bad: gf.Animation.basic("opacity", **{w: b}, timing=1),
             "InvalidArgumentError", match="finite|nan|inf")
    case(f"basic-{_which.rstrip('_')}-wrong-count",
         lambda gf, w=_which: gf.Animation.basic("position", **{w: (1, 2, 3)}, timing=1),
         "InvalidArgumentError", match=r"position.*2|2.*position")
case("basic-scalar-for-point", lambda gf: gf.Animation.basic("position", to=5, timing=1), "InvalidArgumentError",
     match=r"position.*2")
case("basic-frame-3-numbers", lambda gf: gf.Animation.basic("frame", to=(0, 0, 1), timing=1),
     "InvalidArgumentError", match=r"frame.*4")
case("basic-empty-value", lambda gf: gf.Animation.basic("opacity", to=[], timing=1), "InvalidArgumentError",
     match=r"opacity.*1")
case("basic-nested-value", lambda gf: gf.Animation.basic("position", to=[[1, 2]], timing=1), "TypeError",
     match=r"to\[0\]")
case("basic-text-value", lambda gf: gf.Animation.basic("opacity", to="half", timing=1), "ValueError",
     match="colour")
case("basic-bytes-value", lambda gf: gf.Animation.basic("opacity", to=b"1", timing=1), "TypeError", match="to")
case("basic-object-value", lambda gf: gf.Animation.basic("opacity", to=object(), timing=1), "TypeError",
     match="to")
case("basic-timing-missing", lambda gf: gf.Animation.basic("opacity", to=0), "TypeError", match="timing")
case("basic-timing-none", lambda gf: gf.Animation.basic("opacity", to=0, timing=None), "TypeError",
     match="timing")
case("basic-timing-text", lambda gf: gf.Animation.basic("opacity", to=0, timing="1s"), "TypeError",
     match="timing")
case("basic-timing-bool", lambda gf: gf.Animation.basic("opacity", to=0, timing=True), "TypeError",
     match="timing")
case("basic-timing-nan", lambda gf: gf.Animation.basic("opacity", to=0, timing=NAN), "InvalidArgumentError",
     match="duration")
case("basic-timing-negative", lambda gf: gf.Animation.basic("opacity", to=0, timing=-1), "InvalidArgumentError",
     match="duration")
case("basic-timing-closed", lambda gf: [t.close() or gf.Animation.basic("opacity", to=0, timing=t)
                                        for t in [gf.Timing(1)]], "ValueError", match="closed")
case("basic-additive-2", lambda gf: gf.Animation.basic("opacity", to=0, timing=1, additive=2), "ValueError",
     match="additive")
case("basic-cumulative-text", lambda gf: gf.Animation.basic("opacity", to=0, timing=1, cumulative="no"),
     "TypeError", match="cumulative")
case("basic-keep-none", lambda gf: gf.Animation.basic("opacity", to=0, timing=1, keep_after_end=None),
     "TypeError", match="keep_after_end")
case("basic-positional-values", lambda gf: gf.Animation.basic("opacity", 0, 1), "TypeError")

# -- Animation.keyframes ------------------------------------------------------------------------

case("kf-no-values", lambda gf: kf(gf, []), "InvalidArgumentError", match="value")
case("kf-values-none", lambda gf: kf(gf, None), "TypeError", match="values")
case("kf-values-text", lambda gf: kf(gf, "0 1"), "TypeError", match="values")
case("kf-values-number", lambda gf: kf(gf, 5), "TypeError", match="values")
case("kf-value-nan", lambda gf: kf(gf, [0, NAN, 1]), "InvalidArgumentError", match=r"values\[1\]|finite")
case("kf-value-inf", lambda gf: kf(gf, [0, INF]), "InvalidArgumentError", match=r"values|finite")
case("kf-ragged-rows", lambda gf: kf(gf, [(0, 0), (1,)], key_path="position"), "ValueError",
     match=r"values\[1\]")
case("kf-wrong-width", lambda gf: kf(gf, [0, 1, 2, 3], key_path="position"), "InvalidArgumentError",
     match=r"position.*2")
case("kf-wrong-width-multi", lambda gf: kf(gf, [(0, 0, 0)] * 2, key_path="position"), "InvalidArgumentError",
     match=r"position.*2")
case("kf-unknown-key-path", lambda gf: kf(gf, [0, 1], key_path="opacity.x"), "NotFoundError", match="opacity.x")
case("kf-key-times-wrong-count", lambda gf: kf(gf, [0, 1, 2], key_times=[0, 1]), "InvalidArgumentError",
     match="key ?times")
case("kf-key-times-decreasing", lambda gf: kf(gf, [0, 1, 2], key_times=[0, 0.6, 0.5]), "InvalidArgumentError",
     match="key ?times")
case("kf-key-times-not-from-0", lambda gf: kf(gf, [0, 1], key_times=[0.1, 1]), "InvalidArgumentError",
     match="key ?times")
case("kf-key-times-nan", lambda gf: kf(gf, [0, 1], key_times=[0, NAN]), "InvalidArgumentError",
     match="key ?times|finite")
case("kf-key-times-above-1", lambda gf: kf(gf, [0, 1], key_times=[0, 2]), "InvalidArgumentError",
     match="key ?times")
case("kf-key-times-text", lambda gf: kf(gf, [0, 1], key_times="0 1"), "TypeError", match="key_times")
case("kf-discrete-key-times-count", lambda gf: kf(gf, [0, 1], key_times=[0, 1], mode="discrete"),
     "InvalidArgumentError", match="key ?times")
case("kf-unknown-mode", lambda gf: kf(gf, [0, 1], mode="bezier"), "ValueError", match="bezier")
case("kf-mode-none", lambda gf: kf(gf, [0, 1], mode=None), "TypeError", match="mode")
case("kf-mode-case", lambda gf: kf(gf, [0, 1], mode="Linear"), "ValueError", match="Linear")
case("kf-curves-wrong-count", lambda gf: kf(gf, [0, 1, 2], curves=["ease"]), "InvalidArgumentError",
     match="curve")
case("kf-curves-bad-spec", lambda gf: kf(gf, [0, 1], curves=["eaze"]), "ParseError", match="eaze")
case("kf-curves-single-string", lambda gf: kf(gf, [0, 1], curves="ease"), "TypeError", match="curves")
case("kf-curves-number", lambda gf: kf(gf, [0, 1], curves=[5]), "TypeError", match=r"curves\[0\]")
case("kf-tcb-mismatched", lambda gf: kf(gf, [0, 1, 2], mode="cubic", tension=[0, 0, 0], bias=[0, 0]),
     "ValueError", match="same length")
case("kf-tcb-wrong-count", lambda gf: kf(gf, [0, 1, 2], mode="cubic", tension=[0, 0]), "InvalidArgumentError",
     match="tension")
case("kf-tcb-nan", lambda gf: kf(gf, [0, 1, 2], mode="cubic", continuity=[0, NAN, 0]), "InvalidArgumentError",
     match="continuity|finite")
case("kf-tcb-text", lambda gf: kf(gf, [0, 1], mode="cubic", bias="0"), "TypeError", match="bias")
case("kf-timing-missing", lambda gf: gf.Animation.keyframes("opacity", [0, 1]), "TypeError", match="timing")
case("kf-timing-inf", lambda gf: kf(gf, [0, 1], timing=INF), "InvalidArgumentError", "ok")

# -- Animation.spring ---------------------------------------------------------------------------

case("spring-to-missing", lambda gf: gf.Animation.spring("opacity"), "TypeError", match="to")
case("spring-to-none", lambda gf: gf.Animation.spring("opacity", to=None), "TypeError", match="to")
case("spring-to-nan", lambda gf: gf.Animation.spring("opacity", to=NAN), "InvalidArgumentError",
     match="to|finite")
case("spring-from-inf", lambda gf: gf.Animation.spring("opacity", to=0, from_=INF), "InvalidArgumentError",
     match="from|finite")
case("spring-velocity-wrong-count", lambda gf: gf.Animation.spring("position", to=(0, 0), velocity=1),
     "InvalidArgumentError", match=r"position.*2")
case("spring-unknown-key-path", lambda gf: gf.Animation.spring("opacityy", to=0), "NotFoundError",
     match="opacityy")
case("spring-not-a-spring", lambda gf: gf.Animation.spring("opacity", to=0, spring="stiff"), "TypeError",
     match="spring")
case("spring-never-settles", lambda gf: gf.Animation.spring("opacity", to=0, spring=gf.Spring(damping=0)),
     "InvalidArgumentError", match="settle|damping")
case("spring-timing-text", lambda gf: gf.Animation.spring("opacity", to=0, timing="1"), "TypeError",
     match="timing")
case("spring-cumulative-keyword", lambda gf: gf.Animation.spring("opacity", to=0, cumulative=True), "TypeError",
     match="cumulative")

# -- Animation.group ----------------------------------------------------------------------------

case("group-children-none", lambda gf: gf.Animation.group(None, timing=1), "TypeError", match="children")
case("group-children-one-animation", lambda gf: gf.Animation.group(basic(gf), timing=1), "TypeError",
     match="children")
case("group-child-not-animation", lambda gf: gf.Animation.group([basic(gf), "opacity"], timing=1), "TypeError",
     match=r"children\[1\]")
case("group-child-transition",
     lambda gf: gf.Animation.group([gf.Animation.transition("fade", from_layer="a", timing=1)], timing=1),
     "InvalidArgumentError", match="transition")
case("group-infinite-duration", lambda gf: gf.Animation.group([], timing=gf.Timing(INF)), "InvalidArgumentError",
     match="duration|finite")
case("group-closed-child", lambda gf: [c.close() or gf.Animation.group([c], timing=1) for c in [basic(gf)]],
     "ValueError", match="closed")
case("group-timing-missing", lambda gf: gf.Animation.group([]), "TypeError", match="timing")

# -- Animation.transition ------------------------------------------------------------------------

case("transition-unknown-kind", lambda gf: gf.Animation.transition("wipe", from_layer="a", timing=1),
     "ValueError", match="wipe")
case("transition-kind-none", lambda gf: gf.Animation.transition(None, from_layer="a", timing=1), "TypeError",
     match="kind")
case("transition-kind-camel", lambda gf: gf.Animation.transition("moveIn", from_layer="a", timing=1),
     "ValueError", match="moveIn")
case("transition-unknown-direction",
     lambda gf: gf.Animation.transition("push", "up", from_layer="a", timing=1), "ValueError", match="up")
case("transition-from-layer-none", lambda gf: gf.Animation.transition("fade", from_layer=None, timing=1),
     "TypeError", match="from_layer")
case("transition-from-layer-missing", lambda gf: gf.Animation.transition("fade", timing=1), "TypeError",
     match="from_layer")
case("transition-start-above-end",
     lambda gf: gf.Animation.transition("fade", from_layer="a", start_progress=0.8, end_progress=0.2, timing=1),
     "InvalidArgumentError", match="progress")
case("transition-end-above-1",
     lambda gf: gf.Animation.transition("fade", from_layer="a", end_progress=2, timing=1),
     "InvalidArgumentError", match="progress")
case("transition-start-negative",
     lambda gf: gf.Animation.transition("fade", from_layer="a", start_progress=-0.1, timing=1),
     "InvalidArgumentError", match="progress")
case("transition-start-nan",
     lambda gf: gf.Animation.transition("fade", from_layer="a", start_progress=NAN, timing=1),
     "InvalidArgumentError", match="start_progress|progress|finite")
case("transition-end-inf",
     lambda gf: gf.Animation.transition("fade", from_layer="a", end_progress=INF, timing=1),
     "InvalidArgumentError", match="end_progress|progress|finite")
case("transition-progress-text",
     lambda gf: gf.Animation.transition("fade", from_layer="a", end_progress="1", timing=1), "TypeError",
     match="end_progress")
case("transition-timing-none", lambda gf: gf.Animation.transition("fade", from_layer="a", timing=None),
     "TypeError", match="timing")

# -- JSON (type errors only; the library's checks are in test_scene_json.py) ----------------------

case("from-json-none", lambda gf: gf.Scene.from_json(None), "TypeError", match="source")
case("from-json-number", lambda gf: gf.Scene.from_json(3.5), "TypeError", match="source")
case("from-json-dict-without-format", lambda gf: gf.Scene.from_json({"layers": []}), "InvalidArgumentError",
     "ParseError", match="format")

CASES_BY_ID: Dict[str, Case] = {c.id: c for c in CASES}
assert len(CASES_BY_ID) == len(CASES), "duplicate case ids"


# ---------------------------------------------------------------------------------------------
# The child process: runs every case, printing START/DONE around each
# ---------------------------------------------------------------------------------------------


def _child(after: Optional[str]) -> None:
    tests_dir = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, tests_dir)
    from _support import PACKAGE_ROOT, hide_numpy, numpy_available, is_testing_installed

    if os.environ.get("GHOSTFRAME_TEST_HIDE_NUMPY") == "1":
        hide_numpy()
    if not is_testing_installed():
        sys.path.insert(0, PACKAGE_ROOT)
    import ghostframe as gf

    have_numpy = numpy_available()
    cases = CASES
    if after is not None:
        ids = [c.id for c in cases]
        cases = cases[ids.index(after) + 1:]
    for c in cases:
        if c.needs_numpy and not have_numpy:
            continue
        print(f"START {c.id}", flush=True)
        try:
            c.action(gf)
        except BaseException:  # noqa: BLE001 - only survival matters here
            pass
        print(f"DONE {c.id}", flush=True)
    print("FINISHED", flush=True)


if __name__ == "__main__":
    _child(sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--after" else None)
    sys.exit(0)


# ---------------------------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------------------------

import pytest  # noqa: E402

import ghostframe as gf  # noqa: E402
from _support import numpy_available, raised_inside_package, subprocess_env  # noqa: E402

_PYTHON_ERRORS = {"TypeError": TypeError, "ValueError": ValueError}
#: What the binding raises for the cases it refuses before calling the library.
_BINDING_ERRORS = {"TypeError": gf.ArgumentTypeError, "ValueError": gf.InvalidArgumentError}


@pytest.fixture(scope="module")
def crashed() -> Dict[str, str]:
    """{case id: what happened} for the cases that killed the child interpreter."""
    result: Dict[str, str] = {}
    after: Optional[str] = None
    done: set = set()
    while True:
        args = [sys.executable, os.path.abspath(__file__)] + (["--after", after] if after else [])
        proc = subprocess.run(args, capture_output=True, text=True, env=subprocess_env(), timeout=600)
        lines = proc.stdout.splitlines()
        done |= {line[5:] for line in lines if line.startswith("DONE ")}
        if proc.returncode == 0 and lines and lines[-1] == "FINISHED":
            return result
        started = [line[6:] for line in lines if line.startswith("START ")]
        culprit = next((c for c in reversed(started) if c not in done), None)
        detail = f"exit status {proc.returncode}; stderr:\n{proc.stderr[-3000:]}"
        if culprit is None or len(result) >= 30:
            for c in CASES:
                if c.id not in done:
                    result.setdefault(c.id, "the child process died before running it: " + detail)
            return result
        result[culprit] = detail
        after = culprit


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_bad_input(c: Case, crashed: Dict[str, str]) -> None:
    if c.id in crashed:
        pytest.fail(f"{c.id} crashed the interpreter in a child process ({crashed[c.id]})", pytrace=False)
    if c.needs_numpy and not numpy_available():
        pytest.skip("numpy is not installed")
    try:
        result = c.action(gf)
    except gf.MissingFunctionError:
        raise
    except Exception as exc:  # noqa: BLE001 - classified below
        _check(c, exc)
    else:
        assert "ok" in c.expect, f"{c.id}: expected {' or '.join(c.expect)}, but the call returned {result!r}"


def _check(c: Case, exc: Exception) -> None:
    if isinstance(exc, gf.GhostframeError):
        allowed = tuple(getattr(gf, name) for name in c.expect if name not in _PYTHON_ERRORS and name != "ok")
        allowed += tuple(_BINDING_ERRORS[name] for name in c.expect if name in _PYTHON_ERRORS)
        assert allowed and isinstance(exc, allowed), (
            f"{c.id}: expected {' or '.join(c.expect)}, got {type(exc).__name__}: {exc}")
        assert exc.status < 0 and exc.status_name in str(exc)
        assert exc.message, f"{c.id}: {type(exc).__name__} without a message"
        text = exc.message
    else:
        # Only Python's own error for a call that matches no signature may be something else.
        assert not raised_inside_package(exc, gf), (
            f"{c.id}: the package raised {type(exc).__name__} ({exc}), not a GhostframeError")
        allowed = tuple(_PYTHON_ERRORS[name] for name in c.expect if name in _PYTHON_ERRORS)
        assert allowed and isinstance(exc, allowed), (
            f"{c.id}: expected {' or '.join(c.expect)}, got {type(exc).__name__}: {exc}")
        text = str(exc)
    if c.match:
        assert re.search(c.match, text, re.IGNORECASE), f"{c.id}: message {text!r} does not match /{c.match}/"


def test_every_entry_point_is_covered() -> None:
    ids = " ".join(c.id for c in CASES)
    for prefix in ("layer-", "gradient-", "update-", "remove-layer", "layer-index-", "set-custom-", "sample-",
                   "sample-custom-", "advance-", "handoff-", "add-animation-", "remove-animation-", "basic-",
                   "kf-", "spring-", "group-", "transition-", "from-json-"):
        assert prefix in ids, prefix
    assert len(CASES) > 150
    assert numpy_available() or True
