"""Limits through the Python binding and the raw ABI (issue 9).

Valid-looking input that used to abort the process or exhaust it answers with a
GhostframeError instead, quickly; what the library writes it reads back at the limits;
capacities of SIZE_MAX; names containing NUL. Timings are printed (``pytest -s``), never
asserted.
"""

from __future__ import annotations

import ctypes
import json
import subprocess
import sys
import textwrap
import time

import pytest

import ghostframe as gf
from ghostframe import _native

from _support import subprocess_env

VIEWPORT = [375, 667]


def _labels(count: int, lines: int) -> dict:
    return {
        "viewport": VIEWPORT,
        "root": {
            "frame": [0, 0, 375, 667],
            "children": [
                {"type": "label", "frame": [0, i % 600, 300, 40], "lines": lines} for i in range(count)
            ],
        },
    }


def test_extreme_collection_geometry_is_an_error_not_an_abort() -> None:
    # Run in a child: before the fix, Int(NaN) trapped and killed the interpreter.
    code = textwrap.dedent(
        """
        import ghostframe as gf
        tree = {
            "viewport": [375, 667],
            "root": {"frame": [0, 0, 375, 667], "children": [{
                "id": "grid", "type": "collection", "frame": [0, 0, 375, 667],
                "sections": [{"cell": "tile", "itemSize": [1e308, 1e308], "spacing": 1e308, "insets": 1e308}],
            }]},
            "cells": {"tile": {"size": [100, 100], "children": [{"frame": [10, 10, 80, 80]}]}},
        }
        try:
            gf.skeleton(tree)
        except gf.InvalidArgumentError as error:
            print("REFUSED", error)
        """
    )
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(),
                           timeout=300)
    assert child.returncode == 0, child.stderr
    assert child.stdout.startswith("REFUSED"), child.stdout + child.stderr
    assert "itemSize.width + spacing.width" in child.stdout


@pytest.mark.parametrize("count", [1_000, 5_000])
def test_many_long_labels_are_a_limit_error(count: int) -> None:
    tree = _labels(count, 10_000)
    start = time.monotonic()
    with pytest.raises(gf.LimitError, match="layers"):
        gf.skeleton(tree)
    print(f"time: {count} labels x 10,000 lines ({len(json.dumps(tree))} bytes) -> LimitError in "
          f"{time.monotonic() - start:.3f} s")


def test_list_cells_are_a_limit_error() -> None:
    tree = {
        "viewport": VIEWPORT,
        "root": {"frame": [0, 0, 375, 667], "children": [{
            "id": "feed", "type": "table", "frame": [0, 0, 375, 667],
            "sections": [{"cell": "e", "rowHeight": 1e-9, "rows": 1_000_000}] * 50,
        }]},
        "cells": {"e": {"size": [375, 1]}},
    }
    with pytest.raises(gf.LimitError, match="cells"):
        gf.skeleton(tree)


def test_canonical_curve_specs_parse_back() -> None:
    spec = "linear(" + "0," * (_native_limit("GF_MAX_LINEAR_POINTS") - 1) + "1)"
    curve = gf.Curve(spec)
    canonical = curve.spec
    assert len(canonical) > 10 * len(spec)
    again = gf.Curve(canonical)
    assert again.spec == canonical
    xs = [i / 97 for i in range(98)]
    assert [again(x) for x in xs] == [curve(x) for x in xs]


def _native_limit(name: str) -> int:
    """A GF_MAX_* macro's value, read from the header next to the library's package."""
    import os
    import re

    from _support import find_repository, header_text

    repository = find_repository()
    if repository is None:
        pytest.skip("the header is not available outside the repository")
    text = header_text(os.path.join(repository, "Include", "ghostframe.h"))
    match = re.search(rf"#define\s+{name}\s+(\d+)", text)
    assert match, name
    return int(match.group(1))


def _nested_groups(depth: int) -> str:
    animation: dict = {"type": "basic", "keyPath": "opacity", "to": 0, "timing": {"duration": 1}}
    for _ in range(depth):
        animation = {"type": "group", "timing": {"duration": 1}, "animations": [animation]}
    animation["layer"] = "a"
    return json.dumps({"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a"}], "animations": [animation]})


def test_scene_json_round_trips_at_the_group_depth_limit() -> None:
    depth = _native_limit("GF_MAX_GROUP_DEPTH")
    scene = gf.Scene.from_json(_nested_groups(depth))
    text = scene.to_json()
    assert gf.Scene.from_json(text).to_json() == text
    with pytest.raises(gf.LimitError, match="deep"):
        gf.Scene.from_json(_nested_groups(depth + 1))


def test_scene_json_too_large_to_read_back_is_not_written() -> None:
    scene = gf.Scene()
    megabyte = "x" * (1 << 20)
    for i in range(33):
        scene.add_layer(f"{i}{megabyte}", parent=f"{i - 1}{megabyte}" if i else None)
    with pytest.raises(gf.LimitError, match="bytes"):
        scene.to_json()
    scene.remove_layer(f"32{megabyte}")
    assert len(gf.Scene.from_json(scene.to_json())) == 32


@pytest.mark.parametrize(
    "document",
    [
        {"layers": [{"id": "a\u0000b"}]},
        {"layers": [{"id": "a"}, {"id": "b", "parent": "a\u0000"}]},
        {"layers": [{"id": "a", "custom": {"p\u0000": 1}}]},
        {"layers": [{"id": "a"}], "animations": [
            {"layer": "a", "key": "k\u0000", "type": "basic", "keyPath": "opacity", "to": 0, "timing": {"duration": 1}}]},
    ],
)
def test_names_containing_nul_are_refused(document: dict) -> None:
    document = {"format": "ghostframe-scene", "version": 1, **document}
    with pytest.raises(gf.InvalidArgumentError, match="NUL"):
        gf.Scene.from_json(json.dumps(document))


def test_view_tree_ids_containing_nul_are_refused() -> None:
    tree = {"viewport": VIEWPORT, "root": {"frame": [0, 0, 375, 667], "children": [
        {"id": "na\u0000me", "type": "label", "frame": [0, 0, 100, 20]}]}}
    with pytest.raises(gf.InvalidArgumentError, match=r"root\.children\[0\]\.id"):
        gf.skeleton(tree)


def test_sample_and_sample_custom_answer_size_max_alike() -> None:
    """Through the raw ABI: a capacity of SIZE_MAX describes no buffer, so both calls refuse it
    with GF_E_INVALID_ARGUMENT and write nothing; one too small is GF_E_BUFFER_TOO_SMALL for
    both, with the count written."""
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    scene.add_layer("b", parent="a", frame=(0, 0, 5, 5))
    scene.set_custom("b", "p", 7)
    raw = ctypes.CDLL(_native.lib.path)  # the same library, unwrapped: statuses come back as numbers
    for name, extra in (("gf_scene_sample", ()), ("gf_scene_sample_custom", (ctypes.c_char_p,))):
        function = getattr(raw, name)
        function.restype = ctypes.c_int32
        function.argtypes = [ctypes.c_void_p, *extra, ctypes.c_double, ctypes.c_void_p, ctypes.c_size_t,
                             ctypes.POINTER(ctypes.c_size_t)]
    size_max = ctypes.c_size_t(-1).value
    size = ctypes.sizeof(_native.gf_layer_state)
    states = (ctypes.c_ubyte * (3 * size))(*([0xA5] * (3 * size)))
    values = (ctypes.c_double * 3)(-1, -1, -1)

    def sample(capacity: int, count: ctypes.c_size_t) -> int:
        return raw.gf_scene_sample(scene._ptr(), ctypes.c_double(0), states, ctypes.c_size_t(capacity),
                                   ctypes.byref(count))

    def sample_custom(capacity: int, count: ctypes.c_size_t) -> int:
        return raw.gf_scene_sample_custom(scene._ptr(), b"p", ctypes.c_double(0), values, ctypes.c_size_t(capacity),
                                          ctypes.byref(count))

    for call in (sample, sample_custom):
        count = ctypes.c_size_t(12345)
        assert call(size_max, count) == -2  # GF_E_INVALID_ARGUMENT
        assert count.value == 12345
        assert call(1, count) == -4  # GF_E_BUFFER_TOO_SMALL
        assert count.value == 2
        assert call(3, count) == 0
    assert list(values) == [0.0, 7.0, -1.0]
    assert bytes(states[2 * size:]) == b"\xa5" * size  # exactly the layer count was written
    assert bytes(states[:2 * size]) != b"\xa5" * (2 * size)
