"""A user's script as docs/python-guide.md ("Typed code") writes it: `mypy --strict` passes on it.

bindings/python/tests/test_typed_script.py checks that the guide shows this file as it is, that
mypy --strict finds nothing in it (and finds a misspelt document key), and that it runs.
"""

from __future__ import annotations

import numpy as np

import ghostframe as gf
from ghostframe.documents import SceneDocument, TimelineDocument, ViewTreeDocument

A = gf.Animation

# Curves, timings and colours.
ease = gf.Curve("ease")
assert abs(ease(0.5) - 0.8024034) < 1e-6
state = gf.Timing(1.0, delay=0.5, easing="ease-in-out", fill="both").at(1.0)
assert state.progress == 0.5
assert gf.parse_color("#F00") == gf.parse_color("red") == (1.0, 0.0, 0.0, 1.0)

# A scene, sampled: a new array per call, or the loop's own buffer.
scene = gf.Scene()
scene.add_layer("card", frame=(10, 20, 100, 50), corner_radius=8, background_color="white")
scene.add_layer("avatar", parent="card", frame=(5, 7, 20, 10), opacity=0.4, background_color="#EEE")
scene.add_animation("card", A.basic("opacity", from_=0, to=1, timing=gf.Timing(1)))
first: gf.StatesArray = scene.sample(0.25)
later = scene.sample(0.75)
assert float(first["opacity"][0]) == 0.25 and float(later["opacity"][0]) == 0.75
buffer = scene.sample_buffer()
for frame in range(3):
    states = scene.sample(frame / 60, out=buffer)  # no allocation per frame
    assert states is buffer
rows: list[gf.LayerState] = scene.sample_list(0.5)
assert rows[1].opacity == 0.2

# A skeleton from a typed view tree: a misspelt key is a type error.
tree: ViewTreeDocument = {
    "viewport": [375, 200],
    "style": {"animation": "shimmer", "color": "gainsboro"},
    "root": {"frame": [0, 0, 375, 200], "children": [
        {"id": "avatar", "type": "image", "frame": [16, 16, 48, 48], "cornerRadius": 24},
        {"id": "bio", "type": "label", "frame": [76, 16, 200, 40], "lines": 2},
    ]},
}
skeleton = gf.skeleton(tree)
info: gf.LayerInfo = skeleton.layer_info(skeleton.layer("bone:0"))
assert (info.view_id, info.kind) == ("avatar", "image")
bio_lines = [skeleton.layer_info(i) for i in range(len(skeleton)) if skeleton.layer_info(i).view_id == "bio"]
assert [line.line for line in bio_lines] == [0, 1]

# A scene document and a timeline document, typed the same way.
document: SceneDocument = {
    "format": "ghostframe-scene", "version": 1,
    "layers": [{"id": "v1", "frame": [0, 200, 100, 40], "backgroundColor": "CornflowerBlue"}],
    "animations": [{"type": "basic", "layer": "v1", "keyPath": "opacity", "from": 1, "to": 0,
                    "timing": {"duration": 1, "easing": "ease-out"}}],
}
loaded = gf.Scene.from_json(document)
timeline_document: TimelineDocument = {
    "definitions": {"slideUp": {"curve": "easeOut", "changes": {"y": -100, "height": 100}}},
    "timeline": {"sequence": [{"anim": "slideUp", "layers": ["v1"], "duration": 0.6}]},
}
timeline = gf.Timeline.from_json(timeline_document)
timeline.apply(loaded)
end = loaded.sample(1.0)
assert np.allclose([end["y"][0], end["height"][0]], [100.0, 140.0])
print(f"{len(skeleton)} skeleton layers; {info}; the timeline lasts {timeline.duration:g} s")
