"""Deep Python structures and huge lists are refused with LimitError before Python runs out
of recursion or memory, at the library's own documented limits.

A dict handed to gf.skeleton, ViewTree.from_json, ViewTree.add_section or ViewTree.set_style
is walked (without recursion) before json.dumps sees it; keyframe values are streamed into one
compact buffer and counted first. The numbers are the library's: the boundary cases show the
library itself answers the same way for the same sizes given as JSON text or through ctypes.
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from ctypes import byref, c_double

import pytest

import ghostframe as gf
from ghostframe import _limits, _native, animation
from ghostframe._native import gf_animation_p, lib

DEEP = 100_000


def nested_dict(depth: int) -> dict:
    """{"a": {"a": ... {}}} with `depth` levels of objects (the outermost is level 1)."""
    value: dict = {}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


def nested_list(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def tree_with(**extra) -> dict:
    return {"viewport": [375, 667], "root": {"frame": [0, 0, 375, 667]}, **extra}


def test_the_limits_are_the_documented_ones() -> None:
    assert _limits.MAX_VIEW_TREE_JSON_DEPTH == 256  # docs/view-tree-format.md
    assert _limits.MAX_JSON_DEPTH == 128  # docs/scene-format.md
    assert _limits.MAX_JSON_VALUES == 10_000_000
    assert _limits.MAX_ARRAY_DOUBLES == 1 << 24  # Include/ghostframe.h, gf_animation_set_keyframes
    assert _limits.MAX_SEGMENT_CURVES == 1 << 20


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda deep: gf.skeleton(tree_with(style=deep)), id="skeleton(dict)"),
        pytest.param(lambda deep: gf.ViewTree.from_json(tree_with(cells=deep)), id="ViewTree.from_json(dict)"),
        pytest.param(lambda deep: gf.ViewTree((375, 667)).add_section(0, {"cell": "c", "x": deep}), id="add_section"),
        pytest.param(lambda deep: gf.ViewTree((375, 667)).set_style(None, color=deep), id="set_style"),
    ],
)
@pytest.mark.parametrize("shape", [nested_dict, nested_list], ids=["dicts", "lists"])
def test_a_100000_deep_structure_is_refused_with_limit_error(call, shape) -> None:
    deep = shape(DEEP)
    start = time.perf_counter()
    with pytest.raises(gf.LimitError, match="nesting deeper than (256|128) levels") as info:
        call(deep)
    assert isinstance(info.value, gf.GhostframeError) and info.value.status == -7
    assert time.perf_counter() - start < 5  # refused at the limit, not after walking everything
    assert sys.getrecursionlimit() < DEEP  # so json.dumps alone would have raised RecursionError


def test_a_100000_deep_view_tree_dict_is_refused() -> None:
    with pytest.raises(gf.LimitError, match="tree: nesting deeper than 256 levels"):
        gf.skeleton(nested_dict(DEEP))


def test_json_dumps_alone_would_run_out_of_recursion() -> None:
    with pytest.raises(RecursionError):
        json.dumps(nested_dict(DEEP))


@pytest.mark.parametrize("limit", [_limits.MAX_VIEW_TREE_JSON_DEPTH, _limits.MAX_JSON_DEPTH])
def test_the_depth_boundary_is_the_walkers(limit: int) -> None:
    _limits.check_json_shape(nested_dict(limit), "x", limit)
    _limits.check_json_shape(nested_list(limit), "x", limit)
    with pytest.raises(gf.LimitError, match=f"deeper than {limit} levels"):
        _limits.check_json_shape(nested_dict(limit + 1), "x", limit)
    with pytest.raises(gf.LimitError):
        _limits.check_json_shape(nested_list(limit + 1), "x", limit)


def test_the_library_agrees_at_the_view_tree_boundary() -> None:
    """The same tree as a dict (checked in Python) and as JSON text (checked by the library):
    at 256 levels neither is a LimitError (the library then reports the unknown key), at 257
    both are."""
    for depth, limited in ((256, False), (257, True)):
        # The document is level 1, "style" level 2: depth - 1 more levels below it.
        document = tree_with(style=nested_dict(depth - 1))
        outcomes = []
        for given in (document, json.dumps(document)):
            with pytest.raises(gf.GhostframeError) as info:
                gf.skeleton(given)
            outcomes.append(isinstance(info.value, gf.LimitError))
        assert outcomes == [limited, limited], (depth, outcomes)


def test_the_library_agrees_at_the_section_boundary() -> None:
    tree = gf.ViewTree((375, 667))
    tree.set_root(kind="table", frame=(0, 0, 375, 667))
    tree.add_cell("news", (375, 50))
    for depth, limited in ((128, False), (129, True)):
        section = {"cell": "news", "rowHeight": 50, "extra": nested_list(depth - 1)}
        outcomes = []
        for given in (section, json.dumps(section)):
            with pytest.raises(gf.GhostframeError) as info:
                tree.add_section(0, given)
            outcomes.append(isinstance(info.value, gf.LimitError))
        assert outcomes == [limited, limited], (depth, outcomes)


def test_circular_structures_are_a_value_error() -> None:
    loop: dict = {"root": {}}
    loop["root"]["children"] = [loop]
    with pytest.raises(ValueError, match="Circular reference"):
        gf.skeleton(loop)


def test_too_many_json_values_are_refused_before_encoding(monkeypatch) -> None:
    # The real limit is 10,000,000 values; the walker is the same at any limit.
    monkeypatch.setattr(_limits, "MAX_JSON_VALUES", 1000)
    monkeypatch.setattr(_limits.check_json_shape, "__defaults__", (1000,))
    wide = tree_with(cells={f"c{i}": {"size": [1, 1], "children": []} for i in range(400)})
    with pytest.raises(gf.LimitError, match="more than 1,000 JSON values"):
        gf.skeleton(wide)


# -- keyframe lists ---------------------------------------------------------------------------


class Huge:
    """A sequence that says it is huge but never hands out more than a few items."""

    def __init__(self, length: int, item) -> None:
        self.length, self.item, self.handed_out = length, item, 0

    def __len__(self) -> int:
        return self.length

    def __iter__(self):
        for _ in range(self.length):
            self.handed_out += 1
            if self.handed_out > 10:
                raise AssertionError("iterated past the first keyframes")
            yield self.item


@pytest.mark.parametrize(
    "key_path, item, rows",
    [
        ("opacity", 0.5, (1 << 24) + 1),
        ("position", (1.0, 2.0), (1 << 23) + 1),
        ("gradient.colors", [0.0] * 16, (1 << 20) + 1),
    ],
)
def test_huge_keyframe_lists_are_refused_before_conversion(key_path: str, item, rows: int) -> None:
    values = Huge(rows, item)
    with pytest.raises(gf.LimitError, match="exceed the limit of 16,777,216 doubles") as info:
        gf.Animation.keyframes(key_path, values, timing=1)
    assert isinstance(info.value, gf.GhostframeError)
    assert values.handed_out <= 1  # only the first row was read, to learn the width


def test_a_range_of_keyframes_is_refused_without_materialising_it() -> None:
    start = time.perf_counter()
    with pytest.raises(gf.LimitError):
        gf.Animation.keyframes("opacity", range(10**12), timing=1)
    assert time.perf_counter() - start < 1


def test_endless_keyframe_generators_stop_at_the_limit(monkeypatch) -> None:
    # The real limit is 2**24 doubles; patched down so the test reads a few thousand, not
    # millions, through the same code.
    monkeypatch.setattr(animation, "MAX_ARRAY_DOUBLES", 1000)
    taken = itertools.count()
    endless = ((next(taken) % 2, 0.0) for _ in itertools.count())
    with pytest.raises(gf.LimitError, match="more than 500 keyframes of 2 component"):
        gf.Animation.keyframes("position", endless, timing=1)
    assert next(taken) == 501  # 500 rows fit, the 501st was refused, nothing more was read
    # Exactly at the limit is accepted.
    exact = gf.Animation.keyframes("position", [(float(i), 0.0) for i in range(500)], timing=1)
    assert exact.kind == "keyframes"


@pytest.mark.parametrize("argument", ["key_times", "tension", "continuity", "bias"])
def test_huge_number_lists_are_refused(argument: str) -> None:
    with pytest.raises(gf.LimitError, match=rf"{argument}: 16,777,217 numbers exceed the limit"):
        gf.Animation.keyframes("opacity", [0, 1], mode="cubic", timing=1, **{argument: range((1 << 24) + 1)})


def test_huge_curve_lists_are_refused() -> None:
    with pytest.raises(gf.LimitError, match="curves: 1,048,577 curves exceed the limit"):
        gf.Animation.keyframes("opacity", [0, 1], curves=Huge((1 << 20) + 1, None), timing=1)


def test_huge_single_values_are_refused() -> None:
    with pytest.raises(gf.LimitError, match="to: 16,777,217 numbers exceed the limit"):
        gf.Animation.basic("opacity", to=Huge((1 << 24) + 1, 0.0), timing=1)


def test_the_library_refuses_the_same_counts() -> None:
    """gf_animation_set_keyframes refuses 2**24 + 1 doubles with GF_E_LIMIT itself, before
    reading them (so a two-element buffer is safe to pass with that count)."""
    timing = gf.Timing(1)
    handle = gf_animation_p()
    lib.gf_animation_create_keyframes(b"opacity", timing._ptr(), byref(handle))
    try:
        buffer = (c_double * 2)(0.0, 1.0)
        with pytest.raises(gf.LimitError, match="exceeds the limit of 16777216"):
            lib.gf_animation_set_keyframes(handle, buffer, (1 << 24) + 1, None, 0)
        lib.gf_animation_set_keyframes(handle, buffer, 2, None, 0)  # the same call in range is fine
        with pytest.raises(gf.LimitError, match="exceeds the limit of 1048576 curves"):
            lib.gf_animation_set_segment_curves(handle, None, (1 << 20) + 1)
    finally:
        lib.gf_animation_free(handle)
    assert _native.GF_MAX_TEXT_BYTES == 64 << 20
