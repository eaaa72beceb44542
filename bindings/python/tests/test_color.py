"""Issue 30: one colour parser, the library's (``gf_color_parse``), wherever a colour comes in: the
binding's own hex parser (which refused ``"#F00"``) is gone, and CSS colour names work in every
colour argument as they do in the scene and view-tree formats."""

from __future__ import annotations

import json

import pytest

import ghostframe as gf
from ghostframe import Animation as A


def _rgba_of(scene: gf.Scene, layer: str, t: float = 0.0) -> tuple:
    row = scene.sample_list(t)[scene.layer(layer)]
    return (row.r, row.g, row.b, row.a)


def test_every_css_name_matches_pillows_table() -> None:
    """An independent reference: Pillow's ``ImageColor`` table of the CSS names (each channel
    n / 255)."""
    image_color = pytest.importorskip("PIL.ImageColor")
    names = sorted(image_color.colormap)
    assert len(names) == 148
    for name in names:
        r, g, b = image_color.getrgb(name)[:3]
        expected = (r / 255, g / 255, b / 255, 1.0)
        assert gf.parse_color(name) == expected, name
        assert gf.parse_color(name.upper()) == expected, name
    assert gf.parse_color("transparent") == (0.0, 0.0, 0.0, 0.0)


def test_hex_forms() -> None:
    assert gf.parse_color("#F00") == gf.parse_color("#ff0000") == (1.0, 0.0, 0.0, 1.0)
    assert gf.parse_color("#0a8") == (0.0, 0xAA / 255, 0x88 / 255, 1.0)  # each digit d is 17 d / 255
    assert gf.parse_color("#11223380") == (0x11 / 255, 0x22 / 255, 0x33 / 255, 0x80 / 255)


@pytest.mark.parametrize("bad", ["#FFFF", "#GG0000", " white", "white ", "", "rgb(1, 2, 3)", "#12345"])
def test_bad_text_is_the_librarys_error(bad: str) -> None:
    with pytest.raises(gf.InvalidArgumentError, match=r'^GF_E_INVALID_ARGUMENT: color: expected "#RGB"'):
        gf.parse_color(bad)


def test_messages_name_the_argument_and_suggest() -> None:
    with pytest.raises(gf.InvalidArgumentError, match=r"background_color: .* found 'whtie' \(did you mean 'white'\?\)"):
        gf.Scene().add_layer("a", background_color="whtie")
    with pytest.raises(gf.ArgumentTypeError):
        gf.parse_color(0xFF0000)  # type: ignore[arg-type]
    with pytest.raises(gf.InvalidUTF8Error):
        gf.parse_color("\udc80")


def test_layers_and_gradients_take_hex_and_names() -> None:
    scene = gf.Scene()
    scene.add_layer("short", background_color="#F00")
    scene.add_layer("named", background_color="CornflowerBlue", gradient=dict(colors=["gold", "#0000FF88"]))
    assert _rgba_of(scene, "short") == (1.0, 0.0, 0.0, 1.0)
    assert _rgba_of(scene, "named") == gf.parse_color("cornflowerblue") == (100 / 255, 149 / 255, 237 / 255, 1.0)
    state = scene.sample_list(0)[scene.layer("named")]
    assert state.gradient_colors[:8] == gf.parse_color("gold") + (0.0, 0.0, 1.0, 0x88 / 255)
    # The scene's JSON carries what the parser read.
    assert json.loads(scene.to_json())["layers"][0]["backgroundColor"] == "#FF0000FF"


def test_animation_values_take_colour_text() -> None:
    scene = gf.Scene()
    scene.add_layer("a", background_color="black")
    scene.add_animation("a", A.basic("backgroundColor", from_="#000", to="white", timing=gf.Timing(1)))
    assert _rgba_of(scene, "a", 0.5) == pytest.approx((0.5, 0.5, 0.5, 1.0), abs=1e-12)
    keyed = gf.Scene()
    keyed.add_layer("k")
    keyed.add_animation("k", A.keyframes("backgroundColor", ["red", "#0F0", "blue"], timing=gf.Timing(2)))
    assert _rgba_of(keyed, "k", 1.0) == pytest.approx((0.0, 1.0, 0.0, 1.0), abs=1e-12)


def test_tools_take_colour_text() -> None:
    overlay = gf.PreloadOverlay(100, 100, background_color="#FFF", marker_color="tomato", shadow_color="#00000044")
    colours = {tuple(round(c, 12) for c in (s.r, s.g, s.b, s.a)) for s in overlay.scene.sample_list(0)}
    assert tuple(round(c, 12) for c in gf.parse_color("tomato")) in colours
    refresh = gf.PullToRefresh(fill_color="RebeccaPurple", background_color="#EEE")
    colours = {(s.r, s.g, s.b, s.a) for s in refresh.scene.sample_list(0)}
    assert gf.parse_color("#EEE") in colours


def test_an_effect_may_return_colour_text() -> None:
    gf.register_effect("h30py.tint", lambda bone: {"color": "gold"}, duration=1)
    try:
        tree = {"viewport": [100, 40], "style": {"animation": "h30py.tint"},
                "root": {"frame": [0, 0, 100, 40], "children": [{"type": "label", "frame": [4, 4, 50, 20]}]}}
        scene = gf.skeleton(tree)
        assert _rgba_of(scene, "bone:0", 0.5) == gf.parse_color("gold")
    finally:
        gf.unregister_effect("h30py.tint")


def test_view_tree_styles_take_names_as_the_format_does() -> None:
    with gf.ViewTree((100, 40)) as tree:
        root = tree.set_root(frame=(0, 0, 100, 40))
        tree.add_node(root, kind="label", frame=(4, 4, 50, 20))
        tree.set_style(None, color="SlateGray")
        scene = tree.skeleton()
    assert _rgba_of(scene, "bone:0") == gf.parse_color("slategray")
