"""Issue 19, point 3 from Python: ``Scene.sample_range`` (``gf_scene_sample_range``) and
``Scene.sample(t, threads=n)`` (``gf_scene_sample_threads``).

The reference for every frame is ``scene.sample(t)`` on one thread (``gf_scene_sample``):
ranges covering the layers, and frames sampled on n threads, must give exactly its bytes
(tolerance 0: the library promises the same bytes). Threads sharing one scene through these
calls run at once; every other call on the scene waits for them.
"""

from __future__ import annotations

import sys
import threading
import tracemalloc
from typing import Any, Dict, List

import pytest

import ghostframe as gf
from ghostframe import Animation as A
from ghostframe.scene import MAX_SAMPLE_THREADS
from _support import run_threads

TIMES = [0.0, 0.13, 0.5, 0.77, 1.2, 2.9]


def tree_scene() -> gf.Scene:
    """40 layers in a tree three deep (roots, groups, leaves) with animations on every level:
    a leaf's state depends on ancestors that lie before any range that starts inside a group
    (opacity and transforms multiply down), so a range must compose them itself."""
    scene = gf.Scene()
    for r in range(2):
        root = f"root{r}"
        scene.add_layer(root, frame=(5 * r, 0, 300, 600), background_color="#EEEEEE")
        scene.add_animation(root, A.basic("opacity", from_=1, to=0.5, timing=gf.Timing(1.0, delay=0.1 * r)))
        for g in range(3):
            group = f"{root}.g{g}"
            scene.add_layer(group, parent=root, frame=(10, 100 * g, 280, 90), corner_radius=3)
            scene.add_animation(group, A.basic("transform.rotation", from_=0, to=0.3 + g,
                                               timing=gf.Timing(2.0, easing="ease-in-out")))
            scene.add_animation(group, A.keyframes("transform.scale", [1, 1.2, 1], timing=gf.Timing(1.5)))
            for leaf in range(5):
                layer = f"{group}.l{leaf}"
                scene.add_layer(layer, parent=group, frame=(4, 16 * leaf, 200, 12),
                                background_color=(0.1 * leaf, 0.5, 0.5, 1))
                scene.add_animation(layer, A.basic("position.x", by=40 + leaf,
                                                   timing=gf.Timing(0.8, delay=0.05 * leaf, easing="ease")))
                scene.add_animation(layer, A.spring("cornerRadius", from_=0, to=6))
    assert len(scene) == 2 * (1 + 3 * 6) == 38
    return scene


def splits(n: int) -> List[List[tuple]]:
    """Ways to cover 0 ... n with ranges: the whole range, empty ranges at both ends and in
    the middle, two and three pieces cutting through groups, one layer at a time."""
    return [
        [(0, n)],
        [(0, 0), (0, n), (n, n)],
        [(0, 1), (1, n)],
        [(0, n - 1), (n - 1, n)],
        [(0, 7), (7, 7), (7, 23), (23, n)],
        [(0, n // 2), (n // 2, n)],
        [(k, k + 1) for k in range(n)],
        [(20, n), (3, 20), (0, 3)],  # any order
    ]


# -- ranges ---------------------------------------------------------------------------------


def test_ranges_concatenated_give_the_bytes_of_sample(np) -> None:
    scene = tree_scene()
    n = len(scene)
    for t in TIMES:
        reference = scene.sample(t)
        for pieces in splits(n):
            out = np.zeros(n, dtype=gf.LAYER_STATE_DTYPE)
            for begin, end in pieces:
                part = scene.sample_range(t, begin, end, out=out)
                assert len(part) == end - begin and (end == begin or part.base is out)
                assert part.tobytes() == reference[begin:end].tobytes(), (t, begin, end)
            assert out.tobytes() == reference.tobytes(), (t, pieces)


def test_a_range_writes_only_its_own_states(np) -> None:
    scene = tree_scene()
    n = len(scene)
    reference = scene.sample(0.5)
    for begin, end in [(0, 0), (0, 5), (9, 21), (n - 2, n), (0, n)]:
        out = np.zeros(n + 3, dtype=gf.LAYER_STATE_DTYPE)  # longer than the frame: allowed
        raw = out.view(np.uint8)
        raw[:] = 0xA5
        scene.sample_range(0.5, begin, end, out=out)
        size = gf.LAYER_STATE_DTYPE.itemsize
        assert (raw[: begin * size] == 0xA5).all() and (raw[end * size:] == 0xA5).all()
        assert out[begin:end].tobytes() == reference[begin:end].tobytes()


def test_without_out_a_range_is_part_of_a_new_frame(np) -> None:
    scene = tree_scene()
    frame = scene.sample(0.2)
    part = scene.sample_range(0.9, 4, 9)
    assert len(part) == 5 and len(part.base) == len(scene)  # a view of a whole new frame array
    assert not np.may_share_memory(part, frame)  # the frame sample(t) returned is left alone
    assert part.tobytes() == scene.sample(0.9)[4:9].tobytes()
    again = scene.sample_range(0.9, 4, 9)
    assert not np.may_share_memory(again, part) and again.tobytes() == part.tobytes()


def test_ranges_without_numpy_are_lists_of_layer_states(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    scene = tree_scene()
    n = len(scene)
    for t in (0.0, 0.6):
        reference = scene.sample(t)
        assert isinstance(reference, list) and len(reference) == n
        for pieces in splits(n):
            joined: List[Any] = []
            for begin, end in sorted(pieces):
                part = scene.sample_range(t, begin, end)
                assert isinstance(part, list) and len(part) == end - begin
                joined += part
            assert joined == reference
        assert scene.sample(t, threads=2) == reference
    for bad in (lambda: scene.sample_range(0.5, 3, 2), lambda: scene.sample_range(0.5, 0, n + 1),
                lambda: scene.sample(0.5, threads=0), lambda: scene.sample(0.5, threads=MAX_SAMPLE_THREADS + 1)):
        with pytest.raises(gf.InvalidArgumentError):
            bad()
    with pytest.raises(gf.ArgumentTypeError):
        scene.sample_range(0.5, 0, 1.0)  # type: ignore[arg-type]


def test_an_empty_scene_has_one_empty_range(np) -> None:
    scene = gf.Scene()
    assert len(scene.sample_range(0.0, 0, 0)) == 0
    assert len(scene.sample(0.0, threads=2)) == 0
    with pytest.raises(gf.InvalidArgumentError):
        scene.sample_range(0.0, 0, 1)


# -- threads= -------------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2, 4, 3, MAX_SAMPLE_THREADS])
def test_threads_give_the_bytes_of_sample(np, threads: int) -> None:
    scene = tree_scene()
    out = np.zeros(len(scene), dtype=gf.LAYER_STATE_DTYPE)
    longer = np.zeros(len(scene) + 4, dtype=gf.LAYER_STATE_DTYPE)
    for t in TIMES:
        reference = scene.sample(t)
        assert scene.sample(t, out=out, threads=threads) is out
        assert out.tobytes() == reference.tobytes()
        view = scene.sample(t, out=longer, threads=threads)
        assert view.base is longer and view.tobytes() == reference.tobytes()
        assert scene.sample(t, threads=threads).tobytes() == reference.tobytes()


def test_threads_without_out_return_new_arrays(np) -> None:
    scene = tree_scene()
    first = scene.sample(0.1)
    kept = first.tobytes()
    second = scene.sample(0.4, threads=2)
    assert second is not first and not np.may_share_memory(second, first)
    assert first.tobytes() == kept  # the earlier frame is not overwritten
    assert second.tobytes() == scene.sample(0.4).tobytes()


# -- errors: exceptions, nothing written, the scene unchanged --------------------------------


@pytest.mark.parametrize(
    "threads, error",
    [
        (0, gf.InvalidArgumentError),
        (MAX_SAMPLE_THREADS + 1, gf.InvalidArgumentError),
        (-1, gf.InvalidArgumentError),
        (2**32 + 2, gf.InvalidArgumentError),  # not wrapped to 2 by ctypes
        (True, gf.ArgumentTypeError),
        (2.0, gf.ArgumentTypeError),
        ("2", gf.ArgumentTypeError),
        (None, gf.ArgumentTypeError),
    ],
)
def test_bad_thread_counts_raise(np, threads: Any, error: type) -> None:
    scene = tree_scene()
    reference = scene.sample(0.5)
    out = np.zeros(len(scene), dtype=gf.LAYER_STATE_DTYPE)
    with pytest.raises(error) as raised:
        scene.sample(0.5, out=out, threads=threads)
    assert "threads" in str(raised.value)
    assert not out.view(np.uint8).any()  # nothing written
    assert scene.sample(0.5).tobytes() == reference.tobytes()


@pytest.mark.parametrize(
    "begin, end, error",
    [
        (-1, 3, gf.InvalidArgumentError),
        (0, -3, gf.InvalidArgumentError),
        (5, 4, gf.InvalidArgumentError),
        (0, 39, gf.InvalidArgumentError),  # past the 38 layers
        (39, 39, gf.InvalidArgumentError),
        (0, 2**64, gf.InvalidArgumentError),
        (2**64 + 1, 2**64 + 1, gf.InvalidArgumentError),  # not wrapped to 1 by ctypes
        (0.0, 3, gf.ArgumentTypeError),
        (0, "3", gf.ArgumentTypeError),
        (False, 3, gf.ArgumentTypeError),
    ],
)
def test_bad_ranges_raise(np, begin: Any, end: Any, error: type) -> None:
    scene = tree_scene()
    reference = scene.sample(0.5)
    out = np.zeros(len(scene), dtype=gf.LAYER_STATE_DTYPE)
    with pytest.raises(error):
        scene.sample_range(0.5, begin, end, out=out)
    assert not out.view(np.uint8).any()
    assert scene.sample(0.5).tobytes() == reference.tobytes()


def test_short_buffers_and_bad_arrays_raise(np) -> None:
    scene = tree_scene()
    n = len(scene)
    short = np.zeros(n - 1, dtype=gf.LAYER_STATE_DTYPE)
    for call in (lambda: scene.sample_range(0.5, 0, 1, out=short),  # the whole frame's buffer is short
                 lambda: scene.sample(0.5, out=short, threads=2)):
        with pytest.raises(gf.BufferTooSmallError, match=f"{n}"):
            call()
        assert not short.view(np.uint8).any()
    with pytest.raises(gf.ArgumentTypeError):
        scene.sample_range(0.5, 0, 1, out=np.zeros(n, dtype=np.float64))
    with pytest.raises(gf.InvalidArgumentError):
        scene.sample_range(0.5, 0, 1, out=np.zeros((n, 1), dtype=gf.LAYER_STATE_DTYPE))
    with pytest.raises(gf.ArgumentTypeError):
        scene.sample_range(0.5, 0, 1, out=[])  # type: ignore[call-overload]
    for t in (float("nan"), float("inf")):
        with pytest.raises(gf.InvalidArgumentError):
            scene.sample_range(t, 0, 1)
        with pytest.raises(gf.InvalidArgumentError):
            scene.sample(t, threads=2)
    scene.close()
    with pytest.raises(ValueError, match="closed"):
        scene.sample_range(0.5, 0, 1)
    with pytest.raises(ValueError, match="closed"):
        scene.sample(0.5, threads=2)


# -- Python threads sharing one scene ------------------------------------------------------


def test_threads_sampling_disjoint_ranges_of_one_frame_give_sample(np) -> None:
    scene = tree_scene()
    n = len(scene)
    times = [i * 0.0213 for i in range(150)]
    references = [scene.sample(t).tobytes() for t in times]
    frames = [np.zeros(n, dtype=gf.LAYER_STATE_DTYPE) for _ in times]
    bounds = [0, 5, 19, 20, n]  # four ranges, cutting through groups

    def work(index: int) -> None:
        begin, end = bounds[index], bounds[index + 1]
        for _ in range(5):  # each thread passes every frame array in turn: the per-thread cache moves
            for t, frame in zip(times, frames):
                scene.sample_range(t, begin, end, out=frame)

    assert run_threads(4, work) == []
    assert [frame.tobytes() for frame in frames] == references


def test_shared_reads_and_exclusive_calls_interleave_without_misuse(np) -> None:
    """Readers (ranges, threads=2) and callers that need the scene alone (sample, an edit that
    leaves the layer count alone, len) on one scene: the library would answer an overlap with
    GF_E_MISUSE, so any MisuseError here means the binding let them overlap."""
    scene = tree_scene()
    n = len(scene)
    before = scene.sample(0.5).tobytes()
    scene.set_custom("root0", "k", 1.0)
    after = scene.sample(0.5).tobytes()
    scene.set_custom("root0", "k", 0.0)
    assert before == after  # a custom value changes no state field: every frame is `before`

    def work(index: int) -> None:
        frame = np.zeros(n, dtype=gf.LAYER_STATE_DTYPE)
        for i in range(300):
            if index == 0:
                scene.set_custom("root0", "k", float(i))
                assert len(scene) == n
                assert scene.sample(0.5).tobytes() == before
            elif index == 1:
                scene.sample(0.5, out=frame, threads=2)
                assert frame.tobytes() == before
            else:
                half = (n // 2) if index == 2 else n
                scene.sample_range(0.5, 0, half, out=frame)
                scene.sample_range(0.5, half, n, out=frame)
                assert frame.tobytes() == before

    assert run_threads(4, work) == []


@pytest.fixture
def slow_curve():
    """A host curve that blocks inside the library call while ``block`` is set: it lets a test
    hold a shared read open. Yields (name, state)."""
    state: Dict[str, Any] = {"block": False, "entered": threading.Event(), "release": threading.Event()}

    def curve(x: float) -> float:
        if state["block"] and not state["entered"].is_set():
            state["entered"].set()
            state["release"].wait(30)
        return x

    name = f"py.h19p_slow{id(state)}"
    gf.register_curve(name, curve)
    try:
        yield name, state
    finally:
        state["release"].set()
        gf.unregister_curve(name)


def _blocked_reader(np: Any, scene: gf.Scene, state: Dict[str, Any]) -> threading.Thread:
    frame = np.zeros(len(scene), dtype=gf.LAYER_STATE_DTYPE)
    state["block"] = True
    reader = threading.Thread(target=lambda: scene.sample_range(0.5, 0, 1, out=frame))
    reader.start()
    assert state["entered"].wait(30), "the host curve was not called during sample_range"
    return reader


@pytest.mark.parametrize("call", ["set_custom", "sample", "len", "sample_custom", "close"])
def test_a_call_that_needs_the_scene_alone_waits_for_the_readers(np, slow_curve, call: str) -> None:
    name, state = slow_curve
    scene = gf.Scene()
    scene.add_layer("slow", frame=(0, 0, 10, 10))
    scene.add_layer("other", frame=(0, 20, 10, 10))
    scene.add_animation("slow", A.basic("position.x", by=100, timing=gf.Timing(1, easing=name)))
    reference = scene.sample(0.5)
    reader = _blocked_reader(np, scene, state)
    # Another reader does not wait: readers share the scene.
    other = scene.sample_range(0.5, 1, 2)
    assert other.tobytes() == reference[1:2].tobytes()
    order: List[str] = []
    errors: List[BaseException] = []
    calls = {
        "set_custom": lambda: scene.set_custom("other", "k", 1.0),
        "sample": lambda: scene.sample(0.5),
        "len": lambda: len(scene),
        "sample_custom": lambda: scene.sample_custom("k", 0.5),
        "close": scene.close,
    }

    def exclusive() -> None:
        try:
            calls[call]()
            order.append("exclusive call returned")
        except BaseException as exc:  # noqa: BLE001 - a MisuseError: the calls overlapped
            errors.append(exc)

    writer = threading.Thread(target=exclusive)
    writer.start()
    writer.join(0.3)
    assert writer.is_alive() and errors == [], "the call did not wait for the reader"
    order.append("reader released")
    state["release"].set()
    reader.join(30)
    writer.join(30)
    assert not reader.is_alive() and not writer.is_alive()
    assert errors == [] and order == ["reader released", "exclusive call returned"]


def test_a_host_curve_calling_back_into_its_scene_during_a_range_does_not_deadlock(np) -> None:
    scene = gf.Scene()
    scene.add_layer("a", frame=(0, 0, 10, 10))
    seen: List[BaseException] = []

    def curve(x: float) -> float:
        try:
            len(scene)  # needs the scene alone, while this thread is reading it
        except gf.GhostframeError as exc:
            seen.append(exc)
        return x

    name = "py.h19p_reentrant"
    gf.register_curve(name, curve)
    try:
        scene.add_animation("a", A.basic("opacity", from_=0, to=1, timing=gf.Timing(1, easing=name)))
        done: List[Any] = []
        worker = threading.Thread(target=lambda: done.append(scene.sample_range(0.5, 0, 1)))
        worker.start()
        worker.join(30)
        assert not worker.is_alive(), "deadlock"
        assert len(done) == 1 and done[0]["opacity"][0] == 0.5
        # The library answered the nested call: the scene was busy (not a hang, not a crash).
        assert seen and all(isinstance(e, gf.MisuseError) for e in seen), seen
    finally:
        gf.unregister_curve(name)


# -- allocations -------------------------------------------------------------------------


def test_ranges_into_the_same_array_keep_no_memory(np) -> None:
    scene = tree_scene()
    out = np.zeros(len(scene), dtype=gf.LAYER_STATE_DTYPE)
    scene.sample_range(0.0, 0, 10, out=out)  # compile, cache the array's arguments
    scene.sample(0.0, out=out, threads=2)  # start the pool's thread
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for i in range(200):
            scene.sample_range(i / 200, 0, 10, out=out)
            scene.sample(i / 200, out=out, threads=2)
        kept = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert kept < 2_000, f"{kept} bytes kept after 400 calls"
