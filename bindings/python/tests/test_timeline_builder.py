"""gf.Timeline() written in code (GSAP's timeline API): to, from_, from_to, anim, add_label, add,
call; chainable; the same document as the JSON form (to_json gives it back); against GSAP's
numbers worked by hand (docs/timeline-format.md)."""

from __future__ import annotations

import json
import math

import pytest

import ghostframe as gf
from _support import needs_numpy


def scene(*layers):
    s = gf.Scene()
    for layer_id, x, opacity in layers:
        s.add_layer(layer_id, frame=(x, 0, 10, 10), opacity=opacity)
    return s


def test_gsap_calls_chain_and_schedule_as_gsap_places_them() -> None:
    # GSAP: tl.to(a, {opacity: 0, duration: 1}).to(b, {x: 50}, "<0.25").addLabel("mid")
    #         .fromTo(c, {x: 0}, {x: 100, duration: 2}, "mid-=0.5").call(fn, null, 3.5)
    tl = (gf.Timeline()
          .to("a", {"opacity": 0}, duration=1)
          .to(["b"], {"x": 50}, position="<0.25")
          .add_label("mid")
          .from_to("c", {"x": 0}, {"x": 100}, duration=2, position="mid-=0.5")
          .call(lambda: None, position=3.5, name="done"))
    # to a [0, 1]; to b at a's start + 0.25 for GSAP's default 0.5 s: [0.25, 0.75]; the end so far
    # is 1, so "mid" = 1; fromTo c at 0.5: [0.5, 2.5]; the call at 3.5 ends the timeline.
    assert [tuple(e) for e in tl.schedule()] == [
        ("to-1", "a", 0.0, 1.0), ("to-2", "b", 0.25, 0.75), ("fromTo-3", "c", 0.5, 2.5)]
    assert tl.duration == 3.5
    document = json.loads(tl.to_json())
    assert document["definitions"]["to-1"] == {"curve": "easeOutQuad", "to": {"opacity": 0}}
    assert document["timeline"]["sequence"][-1] == {"call": "done", "position": 3.5}
    # The document reads back to the same schedule.
    again = gf.Timeline.from_json(tl.to_json())
    assert again.schedule() == tl.schedule() and again.to_json() == tl.to_json()


@needs_numpy
def test_tweens_apply_gsap_values() -> None:
    # Linear eases so the numbers are exact: a's opacity 0.8 -> 0 over [0, 1]; b from x 0 back to
    # 20 over [1, 2] (x 0 shown before, GSAP's immediate render); c from 0 to 100 over [2, 4].
    tl = (gf.Timeline()
          .to("a", {"opacity": 0}, duration=1, ease="linear")
          .from_("b", {"x": 0}, duration=1, ease="linear")
          .from_to("c", {"x": 0}, {"x": 100}, duration=2, ease="linear"))
    s = scene(("a", 0, 0.8), ("b", 20, 1), ("c", 40, 1))
    tl.apply(s)
    for t, a_opacity, b_x, c_x in ((0.25, 0.6, 0, 0), (1.5, 0, 10, 0), (3, 0, 20, 50), (5, 0, 20, 100)):
        a, b, c = s.sample(t)
        assert abs(a["opacity"] - a_opacity) < 1e-12 and abs(b["x"] - b_x) < 1e-12 and abs(c["x"] - c_x) < 1e-12, t


def test_stagger_repeat_and_yoyo_from_code() -> None:
    # GSAP: gsap.timeline({repeat: 1, yoyo: true, repeatDelay: 0.5}).to(boxes, {opacity: 0,
    # duration: 1, stagger: {each: 0.1, from: "center"}}): 5 boxes start 0.2, 0.1, 0, 0.1, 0.2
    # after... GSAP's distribute(): spread 0.4, so 0.4, 0.2, 0, 0.2, 0.4; one play 1.4 s; 2 plays
    # and the delay: 3.3 s.
    boxes = [f"box{i}" for i in range(5)]
    tl = gf.Timeline(repeat=1, yoyo=True, repeat_delay=0.5).to(
        boxes, {"opacity": 0}, duration=1, stagger={"each": 0.1, "from": "center"})
    begins = {e.layer: e.begin for e in tl.schedule()}
    assert [begins[b] for b in boxes] == pytest.approx([0.4, 0.2, 0, 0.2, 0.4], abs=1e-12)
    assert tl.duration == pytest.approx(3.3, abs=1e-12)
    assert json.loads(tl.to_json())["timeline"]["repeat"] == 1


def test_call_fires_once_per_crossing_either_way_and_in_every_play() -> None:
    fired = []
    tl = (gf.Timeline(repeat=2)
          .to("a", {"opacity": 0}, duration=1)
          .call(lambda: fired.append("half"), position=0.5))
    events = tl.seek(3)  # three plays of 1 s: the call at 0.5, 1.5, 2.5
    assert [(e.kind, e.time) for e in events if e.kind == "call"] == [("call", 0.5), ("call", 1.5), ("call", 2.5)]
    assert fired == ["half"] * 3
    back = tl.seek(1)  # back over 2.5 and 1.5
    assert [(e.kind, e.time, e.reversed) for e in back if e.kind == "call"] == [("call", 2.5, True), ("call", 1.5, True)]
    assert fired == ["half"] * 5
    # Seeking to where it stands turns the player round (the rate is forwards), crossing what lies
    # exactly there (play 0's end, play 1's start), but no call; again, nothing at all.
    assert [e.kind for e in tl.seek(1)] == ["ended", "started"]
    assert tl.seek(1) == [] and fired == ["half"] * 5


def test_add_nests_a_timeline_with_its_repeats_and_renames_clashing_definitions() -> None:
    fired = []
    child = (gf.Timeline(repeat=1, time_scale=2)
             .to("x", {"opacity": 0.5}, duration=1)
             .call(lambda: fired.append("child")))
    parent = gf.Timeline().to("a", {"opacity": 0}, duration=1).add(child).to("b", {"opacity": 1}, duration=1)
    # The child at 1: one play of 0.5 (1 s at time scale 2), two plays: [1, 2]; then b [2, 3].
    assert [tuple(e) for e in parent.schedule()] == [
        ("to-1", "a", 0.0, 1.0), ("to-1.2", "x", 1.0, 1.5), ("to-2", "b", 2.0, 3.0)]
    document = json.loads(parent.to_json())
    assert document["definitions"]["to-1"]["to"] == {"opacity": 0}
    assert document["definitions"]["to-1.2"]["to"] == {"opacity": 0.5}
    nested = document["timeline"]["sequence"][1]
    assert nested["repeat"] == 1 and nested["timeScale"] == 2
    parent.seek(3)
    assert fired == ["child", "child"]  # the child's call, once per play
    # A timeline read from JSON nests too.
    doc = gf.Timeline.from_json({"definitions": {"f": {"changes": {"opacity": -1}}},
                                 "timeline": {"sequence": [{"anim": "f", "layers": ["j"], "duration": 1}]}})
    assert [tuple(e) for e in gf.Timeline().add(doc, position=2).schedule()] == [("f", "j", 2.0, 3.0)]


def test_steps_are_checked_at_once_and_a_refused_step_changes_nothing() -> None:
    tl = gf.Timeline().to("a", {"opacity": 0}, duration=1)
    before = tl.to_json()
    with pytest.raises(gf.NotFoundError, match="no label 'later'"):
        tl.to("a", {"opacity": 1}, position="later+=1")
    with pytest.raises(gf.NotFoundError, match="unknown key path 'opacty'"):
        tl.to("a", {"opacty": 1})
    with pytest.raises(gf.InvalidArgumentError, match="duration"):
        tl.to("a", {"opacity": 1}, duration=-1)
    with pytest.raises(gf.InvalidArgumentError, match="position must be finite"):
        tl.to("a", {"opacity": 1}, position=math.inf)
    with pytest.raises(gf.ParseError):
        tl.to("a", {"opacity": 1}, ease="ease-sideways")
    with pytest.raises(gf.InvalidArgumentError, match="fromTo gives 'y' a from value but no to value"):
        tl.from_to("a", {"x": 0, "y": 0}, {"x": 1})
    with pytest.raises(gf.InvalidArgumentError, match="reads as a position"):
        tl.add_label("1.5")
    with pytest.raises(gf.InvalidArgumentError, match="stagger"):
        tl.to(["a", "b"], {"opacity": 1}, stagger={"each": 0.1, "grid": [0, 2]})
    with pytest.raises(gf.ArgumentTypeError):
        tl.call("not callable")
    with pytest.raises(gf.ArgumentTypeError):
        tl.to(3, {"opacity": 1})
    assert tl.to_json() == before
    with pytest.raises(gf.ArgumentTypeError, match="written in code"):
        gf.Timeline.from_json({"timeline": {"sequence": []}}).to("a", {"opacity": 0})
    with pytest.raises(gf.InvalidArgumentError, match="repeat"):
        gf.Timeline(repeat=-2)
    with pytest.raises(gf.ArgumentTypeError):
        gf.Timeline({"timeline": {"sequence": []}}, repeat=1)


def test_anim_places_registry_definitions_and_a_callback_cannot_change_the_timeline() -> None:
    gf.define_timeline_animation("test.builder.fade", {"opacity": -0.5}, curve="linear")
    try:
        tl = gf.Timeline().anim("test.builder.fade", ["a", "b"], 2, stagger=0.5)
        assert [tuple(e) for e in tl.schedule()] == [
            ("test.builder.fade", "a", 0.0, 2.0), ("test.builder.fade", "b", 0.5, 2.5)]
    finally:
        gf.undefine_timeline_animation("test.builder.fade")
    errors = []

    def meddle() -> None:
        try:
            tl.to("a", {"opacity": 1})
        except RuntimeError as error:
            errors.append(str(error))

    tl = gf.Timeline().to("a", {"opacity": 0}, duration=1).call(meddle, position=0.5)
    tl.seek(1)
    assert errors and "must not change the timeline" in errors[0]


def test_close_releases_both_and_copies_go_through_the_json() -> None:
    import copy
    tl = gf.Timeline().to("a", {"opacity": 0}, duration=1)
    twin = copy.copy(tl)
    assert twin.schedule() == tl.schedule()
    tl.close()
    assert tl.closed
    with pytest.raises(gf.InvalidArgumentError, match="closed"):
        tl.to("a", {"opacity": 1})
    with pytest.raises(gf.InvalidArgumentError, match="closed"):
        tl.schedule()
    fresh = gf.Timeline()
    assert not fresh.closed and fresh.duration == 0 and fresh.schedule() == []
