"""Scene: layers, sampling (numpy and list), hand-computed presentation values, buffers,
``out=`` reuse, purity, custom values, the structs against the C compiler, lifetime.

Hand-computed values follow Include/ghostframe.h: the frame of a state is in root
coordinates (ancestors' positions added, their transforms not), opacity is multiplied
through ancestors, and ``transform`` maps the layer's own space (0..width, 0..height) to
root coordinates: x' = a x + c y + tx, y' = b x + d y + ty.
"""

from __future__ import annotations

import ctypes
import gc
import math
import os
import shutil
import subprocess
import sys
import tracemalloc

import pytest

import ghostframe as gf
from ghostframe import _native
from _support import LEAK_BOUND_BYTES, find_repository, header_text, resident_growth

approx = lambda v: pytest.approx(v, abs=1e-12)  # noqa: E731
A = gf.Animation

STATE_FIELDS = (
    "index", "parent", "flags", "gradient_stop_count", "x", "y", "width", "height", "corner_radius",
    "r", "g", "b", "a", "opacity", "transform", "z_position", "gradient_start_x", "gradient_start_y",
    "gradient_end_x", "gradient_end_y", "gradient_locations", "gradient_colors",
)


def get(states, i, name):
    """Field `name` of layer i, as a float/int or a list, from an array or a list of LayerState."""
    value = states[i][name] if hasattr(states, "dtype") else getattr(states[i], name)
    if hasattr(value, "tolist"):
        value = value.tolist()
    return list(value) if isinstance(value, tuple) else value


def apply(transform, x, y):
    a, b, c, d, tx, ty = transform
    return (a * x + c * y + tx, b * x + d * y + ty)


@pytest.fixture
def card():
    """root (10, 20, 100, 50), opacity 0.5, with child (5, 7, 20, 10), opacity 0.4."""
    with gf.Scene() as scene:
        scene.add_layer("root", frame=(10, 20, 100, 50), opacity=0.5, background_color=(1, 0, 0, 1))
        scene.add_layer("child", parent="root", frame=(5, 7, 20, 10), opacity=0.4, corner_radius=3)
        yield scene


# -- the result type -----------------------------------------------------------------------


def test_sample_returns_structured_array_with_numpy(card, np) -> None:
    states = card.sample(0)
    assert isinstance(states, np.ndarray)
    assert states.dtype == gf.LAYER_STATE_DTYPE
    assert states.shape == (2,)
    assert states.dtype.names == STATE_FIELDS
    for name in ("x", "y", "width", "height", "corner_radius", "r", "g", "b", "a", "opacity"):
        assert name in states.dtype.names
    assert states.dtype["transform"].shape == (6,)
    assert states.dtype["gradient_locations"].shape == (4,)
    assert states.dtype["gradient_colors"].shape == (16,)


def test_sample_returns_layer_states_without_numpy(card, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    states = card.sample(0)
    assert isinstance(states, list) and len(states) == 2
    assert all(type(s) is gf.LayerState for s in states)
    assert gf.LayerState._fields == STATE_FIELDS
    assert len(states[0].transform) == 6 and len(states[0].gradient_locations) == 4
    assert len(states[0].gradient_colors) == 16
    with pytest.raises(AttributeError, match="numpy"):
        gf.LAYER_STATE_DTYPE


def test_list_and_array_agree_field_for_field(card, np, monkeypatch) -> None:
    card.add_animation("root", A.basic("transform.rotation", from_=0, to=1, timing=1))
    array_states = card.sample(0.3)
    monkeypatch.setitem(sys.modules, "numpy", None)
    list_states = card.sample(0.3)
    for i in range(2):
        for name in STATE_FIELDS:
            assert get(array_states, i, name) == get(list_states, i, name), name


def test_dtype_matches_gf_layer_state(np) -> None:
    dtype = gf.LAYER_STATE_DTYPE
    assert dtype.itemsize == ctypes.sizeof(_native.gf_layer_state) == 344
    for name, _ in _native.gf_layer_state._fields_:
        assert dtype.fields[name][1] == getattr(_native.gf_layer_state, name).offset, name
    assert dtype["index"] == np.dtype(np.uint32) and dtype["parent"] == np.dtype(np.int32)
    assert "LAYER_STATE_DTYPE" in dir(gf)


def test_empty_scene(numpy_mode) -> None:
    scene = gf.Scene()
    assert len(scene) == 0
    states = scene.sample(1.0)
    assert len(states) == 0
    assert len(scene.sample_custom("glow", 0)) == 0
    assert scene.advance(1.0) == []
    assert repr(scene) == "<Scene with 0 layers>"


# -- hand-computed values (with and without numpy) ---------------------------------------


def test_model_values_and_index_order(card, numpy_mode) -> None:
    s = card.sample(0)
    assert [get(s, i, "index") for i in range(2)] == [0, 1]
    assert [get(s, i, "parent") for i in range(2)] == [-1, 0]
    assert (get(s, 0, "x"), get(s, 0, "y"), get(s, 0, "width"), get(s, 0, "height")) == (10, 20, 100, 50)
    assert (get(s, 0, "r"), get(s, 0, "g"), get(s, 0, "b"), get(s, 0, "a")) == (1, 0, 0, 1)
    assert get(s, 1, "corner_radius") == 3
    assert get(s, 0, "transform") == approx([1, 0, 0, 1, 10, 20])  # its own space -> root
    assert get(s, 0, "flags") == 0 and get(s, 0, "gradient_stop_count") == 0


def test_child_frame_is_in_root_coordinates(card, numpy_mode) -> None:
    s = card.sample(0)
    assert (get(s, 1, "x"), get(s, 1, "y")) == (15, 27)  # 10 + 5, 20 + 7
    assert (get(s, 1, "width"), get(s, 1, "height")) == (20, 10)
    assert get(s, 1, "transform") == approx([1, 0, 0, 1, 15, 27])


def test_opacity_is_multiplied_through_the_parent(card, numpy_mode) -> None:
    s = card.sample(0)
    assert get(s, 0, "opacity") == approx(0.5)
    assert get(s, 1, "opacity") == approx(0.5 * 0.4)
    card.add_animation("root", A.basic("opacity", from_=0, to=1, timing=1))
    s = card.sample(0.25)
    assert get(s, 0, "opacity") == approx(0.25)
    assert get(s, 1, "opacity") == approx(0.25 * 0.4)


def test_basic_opacity_animation_at_quarter_time(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    scene.add_animation("a", A.basic("opacity", from_=0, to=1, timing=gf.Timing(1)))
    assert get(scene.sample(0.25), 0, "opacity") == approx(0.25)
    scene.add_layer("b", frame=(0, 0, 10, 10))
    scene.add_animation("b", A.basic("opacity", from_=1, to=0, timing=gf.Timing(2, easing="ease-in-out")))
    expected = 1 - gf.Curve("ease-in-out")(0.125)  # t = 0.25 of 2 s
    assert get(scene.sample(0.25), 1, "opacity") == approx(expected)


def test_position_x_animation_moves_x(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(10, 20, 100, 50))  # position (anchor 0.5) = (60, 45)
    scene.add_animation("a", A.basic("position.x", from_=60, to=160, timing=1))
    s = scene.sample(0.5)
    assert get(s, 0, "x") == approx(110 - 50)  # position 110, minus half the width
    assert get(s, 0, "y") == approx(20)
    assert get(s, 0, "transform") == approx([1, 0, 0, 1, 60, 20])
    assert get(scene.sample(0), 0, "x") == approx(10)


def test_rotated_parent_maps_the_childs_corners(numpy_mode) -> None:
    theta = math.pi / 6
    scene = gf.Scene()
    scene.add_layer("p", frame=(0, 0, 100, 50), rotation=theta)  # turns about its centre (50, 25)
    scene.add_layer("c", parent="p", frame=(10, 5, 20, 10))
    s = scene.sample(0)
    cos, sin = math.cos(theta), math.sin(theta)

    def rotate_about_parent_centre(px, py):
        return (50 + cos * (px - 50) - sin * (py - 25), 25 + sin * (px - 50) + cos * (py - 25))

    transform = get(s, 1, "transform")
    for (cx, cy) in ((0, 0), (20, 0), (0, 10), (20, 10)):  # the child's corners, in its own space
        expected = rotate_about_parent_centre(10 + cx, 5 + cy)
        assert apply(transform, cx, cy) == pytest.approx(expected, abs=1e-9)
    assert (get(s, 1, "x"), get(s, 1, "y")) == (10, 5)  # ancestors' transforms not applied
    assert get(s, 0, "transform")[:4] == pytest.approx([cos, sin, -sin, cos], abs=1e-15)


def test_scale_translation_and_anchor(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 100, 40), anchor_point=(0, 0), scale=(2, 3), translation=(5, -5))
    s = scene.sample(0)
    assert get(s, 0, "transform") == approx([2, 0, 0, 3, 5, -5])  # about the top-left corner
    scene.update_layer("a", frame=(0, 0, 100, 40), scale=2)  # anchor back at the centre
    s = scene.sample(0)
    assert apply(get(s, 0, "transform"), 50, 20) == approx((50, 20))  # the centre stays
    assert apply(get(s, 0, "transform"), 0, 0) == approx((-50, -20))


def test_gradient_fields(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer(
        "g",
        frame=(0, 0, 10, 10),
        gradient=dict(colors=["#FF0000", (0, 1, 0, 0.5), (0, 0, 1)], locations=[0, 0.25, 1],
                      start_point=(0, 0.5), end_point=(1, 0.5)),
    )
    scene.add_layer("plain", frame=(0, 0, 10, 10))
    s = scene.sample(0)
    assert get(s, 0, "flags") == _native.GF_LAYER_HAS_GRADIENT
    assert get(s, 0, "gradient_stop_count") == 3
    assert get(s, 0, "gradient_colors") == [1, 0, 0, 1, 0, 1, 0, 0.5, 0, 0, 1, 1, 0, 0, 0, 0]
    assert get(s, 0, "gradient_locations")[:3] == [0, 0.25, 1]
    assert (get(s, 0, "gradient_start_x"), get(s, 0, "gradient_start_y")) == (0, 0.5)
    assert (get(s, 0, "gradient_end_x"), get(s, 0, "gradient_end_y")) == (1, 0.5)
    assert get(s, 1, "gradient_stop_count") == 0 and get(s, 1, "flags") == 0
    if numpy_mode is None:
        assert s[0].has_gradient and not s[1].has_gradient


def test_gradient_defaults_and_animation(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("g", frame=(0, 0, 10, 10), gradient=dict(colors=["#000000", "#FFFFFF"]))
    s = scene.sample(0)
    assert (get(s, 0, "gradient_start_x"), get(s, 0, "gradient_start_y")) == (0.5, 0)
    assert (get(s, 0, "gradient_end_x"), get(s, 0, "gradient_end_y")) == (0.5, 1)
    scene.add_animation("g", A.basic("gradient.locations", from_=[0, 0.1, 0, 0], to=[0.8, 0.9, 0, 0], timing=1))
    assert get(scene.sample(0.5), 0, "gradient_locations")[:2] == approx([0.4, 0.5])


def test_hidden_is_inherited(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("p", hidden=True)
    scene.add_layer("c", parent="p")
    scene.add_layer("other")
    s = scene.sample(0)
    flags = [get(s, i, "flags") & _native.GF_LAYER_HIDDEN for i in range(3)]
    assert flags == [1, 1, 0]
    if numpy_mode is None:
        assert s[1].hidden and not s[2].hidden


def test_colour_strings(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a", background_color="#336699")
    scene.add_layer("b", background_color="#33669980")
    s = scene.sample(0)
    assert [get(s, 0, c) for c in "rgba"] == approx([0x33 / 255, 0x66 / 255, 0x99 / 255, 1])
    assert get(s, 1, "a") == approx(0x80 / 255)


def test_z_position_and_layer_index(numpy_mode) -> None:
    scene = gf.Scene()
    assert scene.add_layer("a", z_position=2) == 0
    assert scene.add_layer("b") == 1
    assert scene.add_layer("a1", parent="a") == 2  # after its parent
    assert scene.layer("b") == 1 and scene.layer("a1") == 2
    assert get(scene.sample(0), 0, "z_position") == 2
    assert "a1" in scene and "zz" not in scene and 5 not in scene
    with pytest.raises(gf.NotFoundError) as err:
        scene.layer("zz")
    assert err.value.status == gf.errors.GF_E_NOT_FOUND and "zz" in err.value.message


# -- layer edits -----------------------------------------------------------------------------


def test_update_layer_sets_every_field(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("p", frame=(100, 100, 10, 10))
    scene.add_layer("c", parent="p", frame=(1, 2, 3, 4), opacity=0.5, corner_radius=2)
    scene.set_custom("c", "glow", 7)
    scene.update_layer("c", frame=(5, 6, 7, 8))  # parent=None: now a root; opacity back to 1
    s = scene.sample(0)
    i = scene.layer("c")
    assert get(s, i, "parent") == -1
    assert (get(s, i, "x"), get(s, i, "y"), get(s, i, "width"), get(s, i, "height")) == (5, 6, 7, 8)
    assert get(s, i, "opacity") == 1 and get(s, i, "corner_radius") == 0
    assert list(scene.sample_custom("glow", 0))[i] == 7  # custom values are kept
    scene.set_contents("c", "avatar.png")
    scene.update_layer("c", frame=(5, 6, 7, 8))
    assert scene.contents(scene.layer("c")) == "avatar.png"  # and contents (the engine's rule)
    scene.update_layer("c", parent="p", frame=(5, 6, 7, 8))
    assert get(scene.sample(0), scene.layer("c"), "x") == 105


# -- layer defaults: the library's (gf_layer_desc_init), none of the binding's own ----------------


def _default_description() -> "_native.gf_layer_desc":
    desc = _native.gf_layer_desc()
    _native.lib.gf_layer_desc_init(ctypes.byref(desc))
    return desc


def _scene_from_the_c_default(layer_id: str) -> gf.Scene:
    """A scene whose one layer is added through the C call alone, from gf_layer_desc_init's
    description with only the id set (no binding keyword involved)."""
    scene = gf.Scene()
    desc = _default_description()
    desc.id = layer_id.encode()
    out = ctypes.c_uint32()
    _native.lib.gf_scene_add_layer(scene._ptr(), ctypes.byref(desc), ctypes.byref(out))
    return scene


def test_a_layer_added_without_keywords_is_the_c_default_description(numpy_mode) -> None:
    reference = _scene_from_the_c_default("a")
    scene = gf.Scene()
    scene.add_layer("a")
    # Every model property (the JSON writes them all: frame, anchor point, colour, opacity,
    # hidden, z position, transform, gradient) and the sampled state, exactly.
    assert scene.to_json() == reference.to_json()
    assert scene.sample_list(0.0) == reference.sample_list(0.0)
    # update_layer without keywords puts every field back to the same defaults.
    changed = gf.Scene()
    changed.add_layer("p", frame=(9, 9, 9, 9))
    changed.add_layer("a", parent="p", frame=(1, 2, 3, 4), anchor_point=(0, 1), corner_radius=2,
                      background_color="red", opacity=0.5, hidden=True, z_position=3, scale=2, rotation=1,
                      translation=(5, 6), gradient={"colors": ["red", "blue"], "start_point": (0, 0)})
    assert changed.to_json() != reference.to_json()
    changed.update_layer("a")
    changed.remove_layer("p")  # `a` is a root now, so it stays
    assert changed.to_json() == reference.to_json()


def test_the_layer_keywords_hold_no_defaults_of_their_own() -> None:
    import inspect

    for method in (gf.Scene.add_layer, gf.Scene.update_layer):
        keywords = {name: p.default for name, p in inspect.signature(method).parameters.items()
                    if p.kind is inspect.Parameter.KEYWORD_ONLY}
        assert len(keywords) == 12, method
        for name, default in keywords.items():
            # parent and gradient: None is "none" (a root, no gradient), the C description's NULL
            # and zero stops; every other keyword: left to gf_layer_desc_init.
            expected = None if name in ("parent", "gradient") else gf.scene.LIBRARY_DEFAULT
            assert default is expected, (method.__name__, name, default)


def test_the_guides_table_of_layer_defaults_is_the_librarys() -> None:
    """docs/python-guide.md lists the keywords' defaults: they are gf_layer_desc_init's."""
    import ast
    import re

    repo = find_repository()
    path = os.path.join(repo, "docs", "python-guide.md") if repo else ""
    if not os.path.isfile(path):
        pytest.skip("docs/python-guide.md not found (tests run outside the repository)")
    text = open(path, encoding="utf-8").read()
    rows = dict(re.findall(r"^\| `(\w+)` \| `([^`]*)` \|", text, flags=re.M))
    d = _default_description()
    fields = {
        "frame": (d.x, d.y, d.width, d.height), "anchor_point": (d.anchor_x, d.anchor_y),
        "corner_radius": d.corner_radius, "background_color": (d.r, d.g, d.b, d.a), "opacity": d.opacity,
        "hidden": bool(d.hidden), "z_position": d.z_position, "scale": (d.scale_x, d.scale_y),
        "rotation": d.rotation, "translation": (d.translation_x, d.translation_y),
        "parent": d.parent, "gradient": None if d.gradient_stop_count == 0 else "stops",
    }
    assert set(fields) <= set(rows), sorted(set(fields) - set(rows))
    for name, value in fields.items():
        assert ast.literal_eval(rows[name]) == value, (name, rows[name], value)
    # The gradient's points, in the same table's gradient row.
    row = next(line for line in text.splitlines() if line.startswith("| `gradient` |"))
    start = ast.literal_eval(re.search(r"start_point=(\([^)]*\))", row).group(1))
    end = ast.literal_eval(re.search(r"end_point=(\([^)]*\))", row).group(1))
    assert (start, end) == ((d.gradient_start_x, d.gradient_start_y), (d.gradient_end_x, d.gradient_end_y))


def test_remove_layer_removes_subtree_and_its_animations(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("p")
    scene.add_layer("c", parent="p")
    scene.add_layer("other")
    animation_id = scene.add_animation("c", A.basic("opacity", to=0, timing=1))
    scene.remove_layer("p")
    assert len(scene) == 1 and scene.layer("other") == 0
    with pytest.raises(gf.NotFoundError):
        scene.remove_animation(animation_id)


def test_custom_values(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a")
    scene.add_layer("b")
    scene.set_custom("b", "glow", 2.0)
    scene.add_animation("a", A.basic("custom.glow", from_=0, to=10, timing=1))
    values = scene.sample_custom("glow", 0.5)
    assert list(values) == approx([5.0, 2.0])
    assert list(scene.sample_custom("other", 0.5)) == [0.0, 0.0]
    if numpy_mode is not None:
        assert values.dtype == numpy_mode.float64
    else:
        assert isinstance(values, list)


# -- buffers, out=, purity -----------------------------------------------------------------


def test_scene_growing_between_calls_still_samples(numpy_mode) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(1, 0, 0, 0))
    assert len(scene.sample(0)) == 1
    for i in range(1, 40):
        scene.add_layer(f"l{i}", parent="a" if i % 2 else None, frame=(i, 0, 0, 0))
        states = scene.sample(0)
        assert len(states) == len(scene) == i + 1
        j = scene.layer(f"l{i}")
        assert get(states, j, "x") == (1 + i if i % 2 else i)
    scene.remove_layer("a")
    assert len(scene.sample(0)) == len(scene) == 19
    assert len(scene.sample_custom("x", 0)) == 19


def test_out_reuses_the_callers_array(np) -> None:
    scene = gf.Scene()
    for i in range(50):
        scene.add_layer(f"l{i}", frame=(i, 0, 10, 10))
        scene.add_animation(f"l{i}", A.basic("position.x", by=100, timing=gf.Timing(1, easing="ease")))
    out = np.zeros(50, dtype=gf.LAYER_STATE_DTYPE)
    for t in (0.0, 0.3, 0.9):
        result = scene.sample(t, out=out)
        assert result is out
        assert out.tobytes() == scene.sample(t).tobytes()


def test_out_does_not_allocate(np) -> None:
    scene = gf.Scene()
    for i in range(1000):
        scene.add_layer(f"l{i}", frame=(i, 0, 10, 10))
    out = np.empty(1000, dtype=gf.LAYER_STATE_DTYPE)
    scene.sample(0.5, out=out)  # compile and warm up
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        for i in range(100):
            assert scene.sample(i / 100, out=out) is out
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    assert peak < 20_000, f"sample(out=) allocated {peak} bytes (one array is {out.nbytes})"


def test_out_larger_than_needed_gives_a_view(np) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(3, 0, 0, 0))
    out = np.zeros(4, dtype=gf.LAYER_STATE_DTYPE)
    result = scene.sample(0, out=out)
    assert result.shape == (1,) and result.base is out and out[0]["x"] == 3


def test_out_too_small_after_growth(np) -> None:
    scene = gf.Scene()
    scene.add_layer("a")
    out = np.zeros(1, dtype=gf.LAYER_STATE_DTYPE)
    scene.sample(0, out=out)
    scene.add_layer("b")
    before = out.tobytes()
    with pytest.raises(gf.BufferTooSmallError, match="2"):
        scene.sample(0, out=out)
    assert out.tobytes() == before  # nothing written
    assert len(scene.sample(0, out=np.zeros(2, dtype=gf.LAYER_STATE_DTYPE))) == 2


def test_out_checks(np, card) -> None:
    with pytest.raises(TypeError, match="LAYER_STATE_DTYPE"):
        card.sample(0, out=np.zeros(2, dtype=np.float64))
    with pytest.raises(TypeError):
        card.sample(0, out=[None, None])
    with pytest.raises(ValueError, match="1-d"):
        card.sample(0, out=np.zeros((2, 2), dtype=gf.LAYER_STATE_DTYPE))
    with pytest.raises(ValueError, match="contiguous"):
        card.sample(0, out=np.zeros(4, dtype=gf.LAYER_STATE_DTYPE)[::2])
    readonly = np.zeros(2, dtype=gf.LAYER_STATE_DTYPE)
    readonly.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        card.sample(0, out=readonly)


def test_out_without_numpy_is_a_type_error(card, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(TypeError, match="numpy"):
        card.sample(0, out=[])


def _busy_scene():
    scene = gf.Scene()
    scene.add_layer("p", frame=(0, 0, 100, 100))
    for i in range(10):
        scene.add_layer(f"c{i}", parent="p", frame=(i, i, 10, 10))
        scene.add_animation(f"c{i}", A.keyframes("opacity", [0, 1, 0.3], timing=gf.Timing(1, delay=i / 10)))
        scene.add_animation(f"c{i}", A.spring("position.y", to=50, spring=gf.Spring(stiffness=200)))
    scene.add_animation("p", A.basic("transform.rotation", by=1, timing=gf.Timing(2, iterations=3, fill="both")))
    return scene


def test_sample_is_a_pure_function_of_time(numpy_mode) -> None:
    scene = _busy_scene()
    times = [0.1, 1.7, 0.55, 3.0, 0.1, -1.0, 1.7, 0.55]
    first = {}
    for t in times:
        states = scene.sample(t)
        snapshot = states.tobytes() if numpy_mode is not None else states
        if t in first:
            assert snapshot == first[t], f"t={t} sampled differently"
        else:
            first[t] = snapshot
    assert first[0.1] != first[1.7]
    fresh = _busy_scene()  # a scene in a fresh state, sampled once
    again = fresh.sample(0.55)
    assert (again.tobytes() if numpy_mode is not None else again) == first[0.55]


def test_integer_and_numpy_times(card, np) -> None:
    assert card.sample(1).tobytes() == card.sample(1.0).tobytes() == card.sample(np.float32(1)).tobytes()


# -- lifetime ----------------------------------------------------------------------------------


def test_close_and_context_manager() -> None:
    scene = gf.Scene()
    scene.add_layer("a")
    with scene as same:
        assert same is scene
    assert scene.closed and repr(scene) == "<closed Scene>"
    for call in (lambda: len(scene), lambda: scene.sample(0), lambda: scene.add_layer("b"),
                 lambda: scene.advance(0), lambda: scene.layer("a"), lambda: "a" in scene):
        with pytest.raises(ValueError, match="closed Scene"):
            call()
    scene.close()  # twice is fine


def test_finalizer_releases_scenes() -> None:
    import weakref

    scene = gf.Scene()
    scene.add_layer("a")
    finalizer = scene._finalizer
    ref = weakref.ref(scene)
    del scene
    gc.collect()
    assert ref() is None and not finalizer.alive


def test_many_scenes_do_not_leak() -> None:
    """Thousands of scenes made, used and dropped: every one's handle is released (its finalizer
    ran), and resident memory grows by at most LEAK_BOUND_BYTES (1 MiB) over 5,000 of them after
    a warm-up of 1,000 - a scene left unreleased costs about 4.3 kB, 21 MB for the loop."""
    finalizers = []

    def step(i: int) -> None:
        scene = gf.Scene()
        scene.add_layer("a")
        scene.sample(0)
        finalizers.append(scene._finalizer)

    growth = resident_growth(step, warmup=1000, count=5000)
    assert len(finalizers) == 6000 and not any(f.alive for f in finalizers)
    if growth is None:
        pytest.skip("resident memory says nothing here (no /proc, or AddressSanitizer's quarantine)")
    assert growth <= LEAK_BOUND_BYTES, f"resident memory grew by {growth} bytes over 5,000 scenes"


@pytest.mark.parametrize("name", ["ghostframe.scene", "ghostframe.animation"])
def test_docstring_examples(name: str, numpy_mode) -> None:
    import doctest
    import importlib

    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 1
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"


def test_exports() -> None:
    for name in ("Scene", "LayerState", "Event", "Animation"):
        assert name in gf.__all__ and hasattr(gf, name)
    assert gf.Scene is gf.scene.Scene


# -- the C structs and constants, checked with the C compiler ----------------------------------


_STRUCTS = {
    "gf_layer_desc": _native.gf_layer_desc,
    "gf_layer_state": _native.gf_layer_state,
    "gf_event": _native.gf_event,
}
_CONSTANT_PREFIXES = ("GF_VALUE_", "GF_ANIMATION_", "GF_CALCULATION_", "GF_TRANSITION_", "GF_LAYER_", "GF_EVENT_")


@pytest.fixture(scope="module")
def header() -> str:
    repo = find_repository()
    path = os.path.join(repo, "Include", "ghostframe.h") if repo else None
    if not path or not os.path.isfile(path):
        pytest.skip("not inside the Ghostframe repository (no Include/ghostframe.h)")
    return path


def test_scene_struct_layouts_match_the_header(header: str, tmp_path) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler")
    lines = ["#include <stdio.h>", "#include <stddef.h>", '#include "ghostframe.h"', "int main(void) {"]
    for name, struct in _STRUCTS.items():
        lines.append(f'printf("{name} sizeof %zu\\n", sizeof({name}));')
        for field, _ in struct._fields_:
            lines.append(f'printf("{name} {field} %zu\\n", offsetof({name}, {field}));')
    lines.append("return 0; }")
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines))
    exe = tmp_path / "layout"
    build = subprocess.run([compiler, "-std=c11", "-I", os.path.dirname(header), "-o", str(exe), str(source)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    checked = 0
    for line in out.splitlines():
        name, field, value = line.split()
        struct = _STRUCTS[name]
        actual = ctypes.sizeof(struct) if field == "sizeof" else getattr(struct, field).offset
        assert actual == int(value), f"{name}.{field}: ctypes {actual}, C {value}"
        checked += 1
    assert checked > 60


def test_scene_constants_match_the_header(header: str) -> None:
    import re

    text = header_text(header)
    defines = dict(re.findall(r"#define\s+(GF_\w+)\s+\(?(-?\d+)u?\)?", text))
    wanted = {k: v for k, v in defines.items() if k.startswith(_CONSTANT_PREFIXES)}
    assert len(wanted) >= 24
    for name, value in wanted.items():
        assert getattr(_native, name) == int(value), name
    ours = {name for name in dir(_native) if name.startswith(_CONSTANT_PREFIXES)}
    assert ours == set(wanted), f"only in the binding: {sorted(ours - set(wanted))}"


def test_layer_desc_defaults_match_add_layers_defaults() -> None:
    """add_layer's keyword defaults are gf_layer_desc_init's."""
    desc = _native.gf_layer_desc()
    _native.lib.gf_layer_desc_init(ctypes.byref(desc))
    assert desc.struct_size == ctypes.sizeof(_native.gf_layer_desc)
    assert (desc.anchor_x, desc.anchor_y, desc.opacity, desc.scale_x, desc.scale_y) == (0.5, 0.5, 1, 1, 1)
    assert (desc.r, desc.g, desc.b, desc.a, desc.x, desc.width, desc.rotation, desc.z_position) == (0,) * 8
    assert (desc.gradient_start_x, desc.gradient_start_y, desc.gradient_end_x, desc.gradient_end_y) == (0.5, 0, 0.5, 1)
