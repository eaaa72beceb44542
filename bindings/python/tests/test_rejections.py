"""Every rejection the package raises is a GhostframeError with a status.

Values the binding refuses itself (unknown choice strings, wrong lengths, malformed colour
strings, closed handles, bad preview options) are InvalidArgumentErrors with status
GF_E_INVALID_ARGUMENT, as if the library had refused them; wrong types are
ArgumentTypeErrors, which are InvalidArgumentErrors and TypeErrors both. So one
``except gf.GhostframeError`` catches every refusal, and ``except TypeError`` /
``except ValueError`` keep working.
"""

from __future__ import annotations

import ast
import decimal
import os
import pickle
import re
from typing import Any, Callable, List, Tuple

import pytest

import ghostframe as gf
from ghostframe import errors
from _support import raised_inside_package


def _scene() -> gf.Scene:
    scene = gf.Scene()
    scene.add_layer("root", frame=(0, 0, 100, 100))
    return scene


def _tree() -> Tuple[gf.ViewTree, int]:
    tree = gf.ViewTree((375, 667))
    return tree, tree.set_root(frame=(0, 0, 375, 667))


def _closed(make: Callable[[], Any]) -> Any:
    handle = make()
    handle.close()
    return handle


def _circular() -> dict:
    loop: dict = {}
    loop["self"] = loop
    return loop


# (id, action, message pattern) of values the binding refuses itself: InvalidArgumentError.
VALUE_REJECTIONS: List[Tuple[str, Callable[[], Any], str]] = [
    ("timing-direction", lambda: gf.Timing(duration=1, direction="sideways"), r"unknown direction 'sideways'"),
    ("timing-fill", lambda: gf.Timing(duration=1, fill="sometimes"), r"unknown fill 'sometimes'"),
    ("ca-fill-mode", lambda: gf.Timing.core_animation(1, fill_mode="kept"), r"unknown fill_mode 'kept'"),
    ("timing-flag-2", lambda: gf.Timing.core_animation(1, autoreverses=2), r"autoreverses must be True or False"),
    ("double-snan", lambda: gf.Timing(decimal.Decimal("sNaN")), r"duration"),
    ("closed-timing", lambda: _closed(lambda: gf.Timing(1)).at(0), r"closed Timing"),
    ("closed-curve", lambda: _closed(lambda: gf.Curve("ease"))(0.5), r"closed Curve"),
    ("spring-overdamping-2", lambda: gf.Spring(allows_overdamping=2), r"allows_overdamping"),
    ("kf-mode", lambda: gf.Animation.keyframes("opacity", [0, 1], mode="bezier", timing=1), r"unknown mode 'bezier'"),
    ("kf-ragged", lambda: gf.Animation.keyframes("position", [(0, 0), (1,)], timing=1), r"values\[1\] has 1"),
    ("kf-tcb", lambda: gf.Animation.keyframes("opacity", [0, 1], mode="cubic", tension=[0, 0], bias=[0], timing=1),
     r"same length"),
    ("basic-colour", lambda: gf.Animation.basic("backgroundColor", to="#GG0000", timing=1), r"to: expected \"#RGB\", .* found '#GG0000'"),
    ("basic-key-path-nul", lambda: gf.Animation.basic("opacity\0", to=0, timing=1), r"NUL"),
    ("transition-kind", lambda: gf.Animation.transition("wipe", from_layer="a", timing=1), r"unknown kind 'wipe'"),
    ("transition-direction", lambda: gf.Animation.transition("push", "sideways", from_layer="a", timing=1),
     r"unknown direction 'sideways'"),
    ("layer-frame-length", lambda: gf.Scene().add_layer("a", frame=(0, 0, 1)), r"frame must have 4 numbers"),
    ("layer-colour-hex", lambda: gf.Scene().add_layer("a", background_color="#GG0000"),
     r"background_color: expected .* found '#GG0000'"),
    ("layer-colour-length", lambda: gf.Scene().add_layer("a", background_color=(1, 1)), r"4 components"),
    ("scene-contents-index", lambda: _scene().contents(-1), r"index must be in"),
    ("scene-remove-animation", lambda: _scene().remove_animation(-1), r"animation_id"),
    ("closed-scene", lambda: _closed(gf.Scene).to_json(), r"closed Scene"),
    ("tree-kind", lambda: _tree()[0].add_node(_tree()[1], frame=(0, 0, 1, 1), kind="lable"), r"unknown kind 'lable'"),
    ("tree-align", lambda: gf.ViewTree((10, 10)).set_root(frame=(0, 0, 1, 1), align="justify"), r"unknown align"),
    ("tree-handle", lambda: _tree()[0].add_node(-1, frame=(0, 0, 1, 1)), r"parent must be a node handle"),
    ("tree-lines", lambda: gf.ViewTree((10, 10)).set_root(frame=(0, 0, 1, 1), lines=2**40), r"lines must fit"),
    ("tree-viewport", lambda: gf.ViewTree((1, 2, 3)), r"viewport must have 2 numbers"),
    ("tree-style-circular", lambda: _tree()[0].set_style(None, color=_circular()), r"style color: .*serialisable"),
    ("tree-section-circular", lambda: _tree()[0].add_section(0, _circular()), r"section dict .*serialisable"),
    ("skeleton-circular", lambda: gf.skeleton(_circular()), r"view tree dict .*serialisable"),
]

# (id, action, message pattern) of arguments of the wrong type: ArgumentTypeError.
TYPE_REJECTIONS: List[Tuple[str, Callable[[], Any], str]] = [
    ("timing-duration-text", lambda: gf.Timing("1"), r"duration must be a real number, not str"),
    ("timing-direction-none", lambda: gf.Timing(1, direction=None), r"direction must be a str"),
    ("timing-easing-number", lambda: gf.Timing(1, easing=5), r"easing must be a curve spec"),
    ("curve-spec-number", lambda: gf.Curve(5), r"spec must be a str"),
    ("curve-many-text", lambda: gf.Curve("ease").eval_many("0.5"), r"eval_many needs numbers"),
    ("spring-mass-text", lambda: gf.Spring(mass="1"), r"mass must be a real number"),
    ("animation-direct", lambda: gf.Animation(), r"Animation.basic"),
    ("animation-pickle", lambda: pickle.dumps(gf.Animation.basic("opacity", to=0, timing=1)), r"pickled"),
    ("animation-timing-text", lambda: gf.Animation.basic("opacity", to=0, timing="1s"), r"timing must be a Timing"),
    ("group-child", lambda: gf.Animation.group([1], timing=1), r"children\[0\] must be an Animation"),
    ("layer-id-none", lambda: gf.Scene().add_layer(None), r"id must be a str"),
    ("layer-gradient-key", lambda: gf.Scene().add_layer("a", gradient=dict(colors=[], stops=1)), r"unknown key"),
    ("scene-add-animation", lambda: _scene().add_animation("root", "fade"), r"animation must be a ghostframe.Animation"),
    ("scene-advance-callback", lambda: _scene().advance(1, 42), r"callback must be callable"),
    ("scene-from-json-number", lambda: gf.Scene.from_json(7), r"source must be a dict, JSON text"),
    ("skeleton-type", lambda: gf.skeleton(42), r"tree must be a dict"),
    ("end-skeleton-scene", lambda: gf.end_skeleton("scene", 0), r"scene must be a ghostframe.Scene"),
    ("tree-section-type", lambda: _tree()[0].add_section(0, 5), r"section must be a dict"),
    ("tree-style-value", lambda: _tree()[0].set_style(None, color=object()), r"style color: .*serialisable"),
]


def _check_binding_rejection(exc: gf.GhostframeError, pattern: str) -> None:
    assert isinstance(exc, gf.InvalidArgumentError)
    assert exc.status == errors.GF_E_INVALID_ARGUMENT
    assert exc.status_name == "GF_E_INVALID_ARGUMENT" == gf.status_string(exc.status)
    assert exc.message and re.search(pattern, exc.message), exc.message
    assert str(exc) == f"GF_E_INVALID_ARGUMENT: {exc.message}"
    assert exc.function is None  # refused before any C function was called


@pytest.mark.parametrize("action, pattern", [c[1:] for c in VALUE_REJECTIONS], ids=[c[0] for c in VALUE_REJECTIONS])
def test_value_rejections_are_invalid_argument_errors(action: Callable[[], Any], pattern: str) -> None:
    try:
        action()
    except gf.GhostframeError as exc:
        _check_binding_rejection(exc, pattern)
        assert isinstance(exc, ValueError) and not isinstance(exc, TypeError)
    else:
        pytest.fail("the call was not refused")


@pytest.mark.parametrize("action, pattern", [c[1:] for c in TYPE_REJECTIONS], ids=[c[0] for c in TYPE_REJECTIONS])
def test_type_rejections_are_argument_type_errors(action: Callable[[], Any], pattern: str) -> None:
    try:
        action()
    except gf.GhostframeError as exc:
        _check_binding_rejection(exc, pattern)
        assert type(exc) is gf.ArgumentTypeError
        assert isinstance(exc, TypeError) and isinstance(exc, ValueError)
    else:
        pytest.fail("the call was not refused")


def test_except_type_error_still_catches_wrong_types() -> None:
    with pytest.raises(TypeError):
        gf.Timing("1")
    with pytest.raises(ValueError):
        gf.Timing(1, direction="sideways")


def test_library_rejections_keep_their_own_class_and_function() -> None:
    """The library's refusals are unchanged: the class of their status, the C function."""
    with pytest.raises(gf.GhostframeError) as info:
        gf.Timing(-1)
    assert type(info.value) is gf.InvalidArgumentError and info.value.function == "gf_timing_create"
    with pytest.raises(gf.ParseError):
        gf.Curve("eaze")


def test_argument_type_errors_pickle() -> None:
    err = errors.argument_type_error("x must be a real number, not str")
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is gf.ArgumentTypeError
    assert (back.status, back.message, str(back)) == (err.status, err.message, str(err))


def test_argument_type_error_is_exported_and_not_a_status_class() -> None:
    assert "ArgumentTypeError" in gf.__all__
    # The library's GF_E_INVALID_ARGUMENT stays an InvalidArgumentError (no TypeError).
    assert type(errors.error_for_status(errors.GF_E_INVALID_ARGUMENT, "x")) is gf.InvalidArgumentError


def test_signature_errors_are_told_apart_from_rejections() -> None:
    """The one non-GhostframeError left: Python's own TypeError for a call that matches no
    signature, raised at the call, outside the package (what the bad-input batteries rely on)."""
    with pytest.raises(TypeError) as wrong_call:
        gf.Scene().add_layer("a", color="#FFFFFF")  # no such keyword
    assert not isinstance(wrong_call.value, gf.GhostframeError)
    assert not raised_inside_package(wrong_call.value, gf)
    with pytest.raises(gf.GhostframeError) as refused:
        gf.Scene().add_layer("a", frame=(0, 0, 1))
    assert raised_inside_package(refused.value, gf)


def test_preview_options_are_rejections() -> None:
    pytest.importorskip("PIL")
    from ghostframe import preview

    scene = gf.Scene()
    scene.add_layer("box", frame=(0, 0, 10, 10))
    cases = [
        (lambda: preview.Renderer(scene, scale=0), r"scale must be a number > 0"),
        (lambda: preview.Renderer(scene, supersample=9), r"supersample"),
        (lambda: preview.Renderer(scene, background="white"), r"background must be"),
        (lambda: preview.Renderer(scene, background=None), r"background must be"),
        (lambda: preview.Renderer(scene, size=("wide", 10)), r"size must be two numbers"),
        (lambda: preview.Renderer(gf.Scene()), r"no area"),
        (lambda: preview.frame_times(0, 10), r"duration must be"),
        (lambda: preview.frame_times(1, -1), r"fps must be"),
        (lambda: preview.save_gif([], "x.gif", 10), r"no frames"),
        (lambda: preview.save_strip([], "x.png"), r"no frames"),
        (lambda: preview.Renderer("scene"), r"scene must be a ghostframe.Scene"),
    ]
    for action, pattern in cases:
        with pytest.raises(gf.GhostframeError) as info:
            action()
        _check_binding_rejection(info.value, pattern)
    frame = preview.Renderer(scene).render(0)
    for fps, colors in ((0, 255), (10, 0), (10, 1000)):
        with pytest.raises(gf.InvalidArgumentError):
            preview.save_gif([frame], "never-written.gif", fps, colors=colors)


# Raises in the package's source that are not rejections of an argument (and so not
# GhostframeErrors), each with the reason.
_NOT_REJECTIONS = {
    ("ImportError", "preview.py"): "Pillow or numpy missing",
    ("ImportError", "_states.py"): "numpy missing, or a struct layout mismatch",
    ("AttributeError", "_states.py"): "module __getattr__",
    ("AttributeError", "scene.py"): "module __getattr__",
    ("AttributeError", "__init__.py"): "module __getattr__",
    ("AttributeError", "_native.py"): "a function missing from the binding's table",
    ("RuntimeError", "scene.py"): "an advance() callback calling back into its scene",
    ("RuntimeError", "timeline_player.py"): "a seek() or advance() callback calling back into its timeline",
    ("RuntimeError", "timeline.py"): "a seek() or advance() callback (or a call() function) changing its timeline",
    ("IndexError", "chain.py"): "chain[i] past the chain's links (the sequence protocol, as a list's)",
    ("OSError", "preview.py"): "ffmpeg could not write the video file",
    ("FileNotFoundError", "_source.py"): "a document's path that does not exist (an OSError)",
    ("PageLoadError", "page.py"): "a page that cannot be loaded or walked, a browser that will not start (an OSError)",
}


def test_the_source_raises_no_bare_python_rejections() -> None:
    """No module raises ValueError, TypeError or KeyError itself: the binding's refusals go
    through errors.invalid_argument / errors.argument_type_error (a static check, so paths
    the tests above do not reach are covered too)."""
    package = os.path.dirname(os.path.abspath(gf.__file__))
    found = []
    for name in sorted(os.listdir(package)):
        if not name.endswith(".py") or name == "__main__.py":  # the command line exits with a status
            continue
        with open(os.path.join(package, name), encoding="utf-8") as source:
            tree = ast.parse(source.read(), name)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            call = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            raised = call.id if isinstance(call, ast.Name) else None
            if raised is None or raised in ("invalid_argument", "argument_type_error", "error_for_status"):
                continue
            if raised.endswith("Error") and raised not in dir(errors) and (raised, name) not in _NOT_REJECTIONS:
                found.append(f"{name}:{node.lineno}: raise {raised}")
    assert found == [], "raise a GhostframeError (errors.invalid_argument / argument_type_error) instead"
