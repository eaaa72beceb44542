"""Scene JSON loading end to end (issue 19, point 6): `gf_scene_load_json` on a generated
scene of about 3.3 MB, in MB/s (10^6 bytes per second), best of several rounds.

The animated scene: N layers (every fourth one a root, the others children of the root before
them), each with a frame, a background colour, an opacity and a corner radius, and two
animations (a position.x basic animation with its own timing and one of five easings, and an
opacity keyframe animation). The second document: 3N such layers and no animations. The library has no parse-only entry point for scenes, so this prints the
end-to-end rate (bytes in, scene handle out) only.
Prints "name value unit" lines; run through scripts/bench.sh (release library).
"""
import ctypes
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import ghostframe as gf  # noqa: E402
from ghostframe import _native  # noqa: E402

EASINGS = ("ease", "ease-in-out", "linear", "easeOutBounce", "cubic-bezier(0.3, 0.1, 0.2, 1)")


def document(layers: int, animated: bool = True) -> bytes:
    doc_layers = []
    animations = []
    for i in range(layers):
        layer = {
            "id": f"layer-{i}",
            "frame": [i % 97 * 3.5, i // 97 * 12.25, 100 + i % 13, 8 + i % 5],
            "backgroundColor": [0.8, 0.8, 0.8 + (i % 10) / 100, 1],
            "opacity": 0.5 + (i % 50) / 100,
            "cornerRadius": 4,
        }
        if i % 4:
            layer["parent"] = f"layer-{i - i % 4}"
        doc_layers.append(layer)
        if not animated:
            continue
        animations.append({
            "layer": f"layer-{i}", "type": "basic", "keyPath": "position.x", "from": 50, "to": 250 + i % 7,
            "timing": {"duration": 2 + i % 3, "delay": (i % 16) / 16, "iterations": 3,
                       "direction": "alternate", "easing": EASINGS[i % len(EASINGS)]},
        })
        animations.append({
            "layer": f"layer-{i}", "type": "keyframes", "keyPath": "opacity", "values": [0.4, 1.0, 0.4],
            "keyTimes": [0, 0.5, 1], "timing": {"duration": 1.5, "iterations": 2},
        })
    text = json.dumps({"format": "ghostframe-scene",
                       "version": 1, "layers": doc_layers, "animations": animations}, separators=(",", ":"))
    return text.encode()


def main() -> None:
    layers = int(sys.argv[1]) if len(sys.argv) > 1 else 6_500
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    measure("animated", document(layers), layers, rounds)
    if len(sys.argv) <= 1:  # and a document of layers alone, of about the same size
        measure("layers_only", document(layers * 3, animated=False), layers * 3, rounds)


def measure(kind: str, data: bytes, layers: int, rounds: int) -> None:
    lib = _native.lib
    best = float("inf")
    for _ in range(rounds):
        handle = _native.gf_scene_p()
        start = time.perf_counter()
        lib.gf_scene_load_json(data, len(data), ctypes.byref(handle))
        elapsed = time.perf_counter() - start
        lib.gf_scene_free(handle)
        best = min(best, elapsed)
    name = f"scene_json_{kind}_{layers}"
    print(f"{name}_bytes {len(data) / 1e6:.2f} MB")
    print(f"{name}_load {best * 1e3:.1f} ms")
    print(f"{name}_load_rate {len(data) / 1e6 / best:.1f} MB/s")


if __name__ == "__main__":
    main()
