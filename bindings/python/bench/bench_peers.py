"""The peers in the same run (issue 36, point 3): the same content exported to Lottie by the
library's own exporter (``scene.export("lottie")``, i.e. ``gf_scene_export``) and updated frame by
frame by rlottie and by ThorVG, against ``gf_scene_sample``, in one process, per frame.

Contents: the 375 x 667 feed skeleton (examples/trees/feed.json, 39 layers, its shimmer's cycle)
and bench_scene.py's scene at 1,000 and 10,000 layers (each layer a position.x ease-in-out basic
animation, alternating, and an opacity keyframe animation, both repeating forever). Every update
goes through the Lottie document's own frames (60 fps): frame k is scene time k / 60, the
contenders walk the same frames in the same order, and every frame differs from the one before
(rlottie and ThorVG skip an update to the frame they are at).

What each contender does per frame:

- ``gf_out``: ``scene.sample(t, out=states)``, the binding's ``out=`` path (every layer's
  presentation state written into one preallocated numpy array);
- ``gf_ctypes``: ``gf_scene_sample`` through ctypes with its argument types set once and the
  arguments prepared (bench_scene.py's raw line): the same kind of call as the players' below;
- ``gf_c``: ``gf_scene_sample`` called in a loop from C (sample_loop.c, the C bench of
  bench_scene.py), same scene, same array, same frames: the number without Python;
- ``rlottie_render_tree``: rlottie-python exposes rlottie's C API ``lottie_animation_render_tree``
  (called here through ctypes with its argument types set once): ``renderTree`` = the model
  updated to the frame and the render tree rebuilt (every layer's and shape's transform, opacity,
  colour and path points), no rasterising. It is the smallest update rlottie offers (its other
  per-frame calls rasterise);
- ``thorvg_set_frame``: thorvg-python's ``Animation.set_frame`` (``tvg_animation_set_frame``):
  ThorVG's Lottie model updated to the frame (its engine has no worker threads here, so the
  update runs in the call);
- ``thorvg_set_frame_update``: ``set_frame`` and ``tvg_canvas_update`` on a software canvas that
  holds the picture: the paint tree updated too (ThorVG's software renderer prepares the shapes:
  transformed outlines and their span lists), no drawing (``tvg_canvas_draw`` is never called).

Each player is timed twice: through ctypes from Python (its function with argument types set
once), and from C (peer_loop.c, which calls the same function pointer in a loop: the ``_c`` lines,
to compare with ``gf_c``). Prints "name value unit" lines; each time is the best of ROUNDS rounds of
the per-frame mean, the contenders' rounds interleaved so that they see the same moments of the
machine; the ratios are each player's time over Ghostframe's, C over C (``_c_over_gf_c``: the
headline), ctypes over ctypes (``over_gf_ctypes``) and ctypes over ``out=`` (``over_gf_out``); the
target is 5 or more. A ctypes call (about 0.5-0.8 us here) is inside every number but the C ones. Measures only: it never
fails on a number. Exporting 10,000 layers takes a few seconds (the exporter checks its curves);
GHOSTFRAME_BENCH_CACHE names a folder that keeps each document, keyed by the scene's JSON and the
library file (scripts/bench.sh: build-bench/peers). GHOSTFRAME_BENCH_PEERS=feed,1000 picks the
contents; GHOSTFRAME_BENCH_SAMPLE_LOOP and GHOSTFRAME_BENCH_PEER_LOOP the built sample_loop.so and
peer_loop.so (else they are built here).
"""
import ctypes
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import ghostframe as gf  # noqa: E402
from ghostframe import _native  # noqa: E402

import bench_scene  # noqa: E402

REPO = HERE.parents[2]
PEERS = tuple(os.environ.get("GHOSTFRAME_BENCH_PEERS", "feed,1000,10000").split(","))
ROUNDS = 7
ROUND_SECONDS = 0.25  # a contender's round walks this long (at least 10 frames; round and round the cycle)
FPS = 60


def content(name: str) -> gf.Scene:
    """The feed skeleton, or bench_scene.py's scene with that many layers."""
    if name == "feed":
        return gf.skeleton(str(REPO / "examples" / "trees" / "feed.json"))
    return bench_scene.build_scene(int(name))


def lottie_of(name: str, scene: gf.Scene) -> Tuple[str, float]:
    """The scene as Lottie (60 fps) through the library's exporter, and the seconds exporting took
    (0 when the cache had it)."""
    cache = os.environ.get("GHOSTFRAME_BENCH_CACHE")
    path = None
    if cache:
        library = os.stat(_native.library_path)
        key = hashlib.sha256(f"{library.st_size}:{library.st_mtime_ns}:{FPS}:".encode() +
                             scene.to_json().encode()).hexdigest()[:20]
        path = Path(cache) / f"{name}-{key}.json"
        if path.exists():
            return path.read_text(), 0.0
    start = time.perf_counter()
    text = scene.export("lottie", fps=FPS).text
    seconds = time.perf_counter() - start
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return text, seconds


def load_sample_loop() -> Optional[Any]:
    """sample_loop.c as a ctypes function (bench_scene.py's), or None without a C compiler."""
    return bench_scene.load_sample_loop()


def load_peer_loop() -> Optional[Any]:
    """peer_loop.c as a ctypes library, or None (with a note) without a C compiler."""
    path = os.environ.get("GHOSTFRAME_BENCH_PEER_LOOP")
    if not path:
        path = os.path.join(tempfile.mkdtemp(prefix="gf_bench_"), "peer_loop.so")
        command = [os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC", str(HERE / "peer_loop.c"), "-o", path]
        try:
            subprocess.run(command, check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"# the players' C lines unavailable: cannot build peer_loop.c ({exc})")
            return None
    lib = ctypes.CDLL(path)
    lib.gf_bench_rlottie_loop.restype = ctypes.c_double
    lib.gf_bench_rlottie_loop.argtypes = [ctypes.c_void_p, ctypes.c_void_p] + [ctypes.c_size_t] * 5 + [
        ctypes.POINTER(ctypes.c_size_t)]
    lib.gf_bench_thorvg_loop.restype = ctypes.c_double
    lib.gf_bench_thorvg_loop.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_size_t] * 3 + [
        ctypes.POINTER(ctypes.c_size_t)]
    return lib


def address_of(fn: Any) -> int:
    """The C address of a ctypes function."""
    return int(ctypes.cast(fn, ctypes.c_void_p).value or 0)


class Rlottie:
    """rlottie through rlottie-python: lottie_animation_render_tree per frame."""

    def __init__(self, text: str) -> None:
        from rlottie_python import LottieAnimation

        self.animation = LottieAnimation.from_data(text)
        self.size = self.animation.lottie_animation_get_size()
        lib = self.animation.rlottie_lib
        self.fn = lib.lottie_animation_render_tree
        self.fn.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
        self.fn.restype = ctypes.c_void_p
        self.handle = ctypes.cast(self.animation.animation_p, ctypes.c_void_p).value
        self.frames = int(self.animation.lottie_animation_get_totalframe())

    def update(self, frame: int) -> int:
        return self.fn(self.handle, frame, self.size[0], self.size[1])

    def nodes(self, frame: int) -> int:
        """Shape nodes in the render tree at `frame` (a check that the tree holds the content)."""
        from rlottie_python._rlottiecommon import LOTLayerNode

        def count(layer: Any) -> int:
            n = int(layer.mNodeList.size)
            for i in range(int(layer.mLayerList.size)):
                n += count(layer.mLayerList.ptr[i].contents)
            return n

        return count(ctypes.cast(self.update(frame), ctypes.POINTER(LOTLayerNode)).contents)


class Thorvg:
    """ThorVG through thorvg-python: tvg_animation_set_frame, and tvg_canvas_update on a software
    canvas holding the picture (never drawn)."""

    engine: Any = None

    def __init__(self, text: str, size: Tuple[int, int]) -> None:
        import thorvg_python as tvg

        if Thorvg.engine is None:
            Thorvg.engine = tvg.Engine(threads=0)
        self.animation = tvg.LottieAnimation(Thorvg.engine)
        picture = self.animation.get_picture()
        result = picture.load_data(text.encode("utf-8"), "lottie", None, True)
        if result != tvg.Result.SUCCESS:
            raise RuntimeError(f"ThorVG refused the document: {result}")
        picture.set_size(size[0], size[1])
        self.canvas = tvg.SwCanvas(Thorvg.engine)
        self.canvas.set_target(size[0], size[1])
        self.canvas.add(picture)
        lib = Thorvg.engine.thorvg_lib
        self.set_frame = lib.tvg_animation_set_frame
        self.set_frame.argtypes = [ctypes.c_void_p, ctypes.c_float]
        self.set_frame.restype = ctypes.c_int
        self.update = lib.tvg_canvas_update
        self.update.argtypes = [ctypes.c_void_p]
        self.update.restype = ctypes.c_int
        self.animation_handle = ctypes.cast(self.animation._animation, ctypes.c_void_p).value
        self.canvas_handle = ctypes.cast(self.canvas._canvas, ctypes.c_void_p).value
        self.frames = int(self.animation.get_total_frame()[1])

    def frame(self, frame: int) -> int:
        return self.set_frame(self.animation_handle, float(frame))

    def frame_update(self, frame: int) -> int:
        status = self.set_frame(self.animation_handle, float(frame))
        self.update(self.canvas_handle)
        return status

    def close(self) -> None:
        self.canvas.destroy()


def per_frame(fn: Callable[[int], Any], frames: List[int]) -> float:
    """Seconds per call of fn over the frames."""
    start = time.perf_counter()
    for k in frames:
        fn(k)
    return (time.perf_counter() - start) / len(frames)


def main() -> None:
    import numpy as np

    sample_loop = load_sample_loop()
    peer_loop = load_peer_loop()
    c_sample = ctypes.cast(_native.lib._cdll.gf_scene_sample, ctypes.c_void_p).value
    status = ctypes.c_int32()
    print("# peers: per frame, the same content through each (Lottie from the library's exporter, 60 fps)")
    for name in PEERS:
        scene = content(name)
        n = len(scene)
        text, export_seconds = lottie_of(name, scene)
        cycle = int(json.loads(text)["op"]) - int(json.loads(text)["ip"])
        print(f"peers_{name}_layers {n}")
        print(f"peers_{name}_lottie_bytes {len(text)}")
        if export_seconds > 0:
            print(f"peers_{name}_lottie_export {export_seconds:.2f} s (scene.export('lottie'))")
        out = np.empty(n, dtype=gf.LAYER_STATE_DTYPE)
        sample = scene.sample
        sample(0.0, out=out)  # compiles the scene
        address = ctypes.c_void_p(out.ctypes.data)
        handle = scene._handle
        rlottie = Rlottie(text)
        thorvg = Thorvg(text, (int(rlottie.size[0]), int(rlottie.size[1])))
        nodes = rlottie.nodes(1)
        ok = thorvg.frame(1) == 0 and thorvg.frame(2) == 0
        print(f"peers_{name}_frames {cycle} (rlottie {rlottie.frames}, ThorVG {thorvg.frames}; "
              f"rlottie's render tree: {nodes} shape nodes; ThorVG set_frame {'succeeds' if ok else 'FAILED'})")

        raw = _native.lib.unchecked("gf_scene_sample")
        capacity, written = ctypes.c_size_t(n), ctypes.byref(ctypes.c_size_t())
        contenders: Dict[str, Callable[[int], Any]] = {
            "gf_out": lambda k: sample(k / FPS, out=out),
            "gf_ctypes": lambda k: raw(handle, k / FPS, address, capacity, written),
            "rlottie_render_tree": rlottie.update,
            "thorvg_set_frame": thorvg.frame,
            "thorvg_set_frame_update": thorvg.frame_update,
        }
        # How many frames a round takes: about ROUND_SECONDS each (frame after frame of the cycle,
        # wrapping: consecutive frames always differ).
        counts: Dict[str, int] = {}
        for key, fn in contenders.items():
            cost = per_frame(fn, [3, 4, 5, 6, 7])
            m = max(10, min(100_000, int(ROUND_SECONDS / max(cost, 1e-9))))
            counts[key] = m + 1 if m % cycle == 1 else m  # never end a round on the frame it began
        best: Dict[str, float] = {}
        failures = {"rlottie": 0, "thorvg": 0}
        for r in range(ROUNDS):
            for key, fn in contenders.items():
                m = counts[key]
                start = (r * m) % cycle
                frames = [(start + i) % cycle for i in range(m)]
                best[key] = min(best.get(key, float("inf")), per_frame(fn, frames))
            if sample_loop is not None:  # the same frames as gf_out's round (from C: no wrapping needed)
                m = counts["gf_out"]
                seconds = sample_loop(c_sample, handle, ((r * m) % cycle) / FPS, 1.0 / FPS, m, address, n,
                                      ctypes.byref(status))
                if status.value != 0:
                    raise SystemExit(f"gf_scene_sample failed from C: {gf.status_string(status.value)}")
                best["gf_c"] = min(best.get("gf_c", float("inf")), seconds)
            if peer_loop is not None:  # the players from C, the same frames as their ctypes rounds
                bad = ctypes.c_size_t()
                m = counts["rlottie_render_tree"]
                seconds = peer_loop.gf_bench_rlottie_loop(address_of(rlottie.fn), rlottie.handle, (r * m) % cycle, m,
                                                          cycle, int(rlottie.size[0]), int(rlottie.size[1]),
                                                          ctypes.byref(bad))
                failures["rlottie"] += bad.value
                best["rlottie_render_tree_c"] = min(best.get("rlottie_render_tree_c", float("inf")), seconds)
                for key, update in (("thorvg_set_frame", None), ("thorvg_set_frame_update", address_of(thorvg.update))):
                    m = counts[key]
                    seconds = peer_loop.gf_bench_thorvg_loop(address_of(thorvg.set_frame), update,
                                                             thorvg.animation_handle, thorvg.canvas_handle,
                                                             (r * m) % cycle, m, cycle, ctypes.byref(bad))
                    failures["thorvg"] += bad.value
                    best[key + "_c"] = min(best.get(key + "_c", float("inf")), seconds)
        thorvg.close()
        print(f"peers_gf_scene_sample_out_{name} {best['gf_out'] * 1e6:.2f} us (scene.sample(t, out=))")
        print(f"peers_gf_scene_sample_ctypes_{name} {best['gf_ctypes'] * 1e6:.2f} us (ctypes, prepared)")
        if "gf_c" in best:
            print(f"peers_gf_scene_sample_c_{name} {best['gf_c'] * 1e6:.2f} us (gf_scene_sample from C)")
        for peer in ("rlottie_render_tree", "thorvg_set_frame", "thorvg_set_frame_update"):
            print(f"peers_{peer}_{name} {best[peer] * 1e6:.2f} us (ctypes)")
            if peer + "_c" in best:
                print(f"peers_{peer}_c_{name} {best[peer + '_c'] * 1e6:.2f} us (from C)")
        if failures["rlottie"] or failures["thorvg"]:
            print(f"WARNING bench_peers: {failures['rlottie']} NULL render trees, {failures['thorvg']} failed ThorVG calls")
        for peer in ("rlottie_render_tree", "thorvg_set_frame", "thorvg_set_frame_update"):
            if peer + "_c" in best and "gf_c" in best:
                print(f"peers_{peer}_c_over_gf_c_{name} {best[peer + '_c'] / best['gf_c']:.1f} x")
            print(f"peers_{peer}_over_gf_ctypes_{name} {best[peer] / best['gf_ctypes']:.1f} x")
            print(f"peers_{peer}_over_gf_out_{name} {best[peer] / best['gf_out']:.1f} x")
        scene.close()


if __name__ == "__main__":
    main()
