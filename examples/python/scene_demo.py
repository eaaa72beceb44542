"""A small scene built from Python, sampled at five times and printed as a table.

    PYTHONPATH=bindings/python python3 examples/python/scene_demo.py
"""
import math
import sys
from pathlib import Path

try:  # the installed package, else the checkout's (bindings/python)
    import ghostframe as gf
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
    import ghostframe as gf  # noqa: E402

A = gf.Animation

scene = gf.Scene()
scene.add_layer("card", frame=(20, 40, 200, 120), corner_radius=12, background_color="#FFFFFF")
scene.add_layer("avatar", parent="card", frame=(12, 12, 48, 48), corner_radius=24, background_color="#DDDDDD")
scene.add_layer("title", parent="card", frame=(72, 16, 110, 16), background_color="#E0E0E0",
                gradient=dict(colors=["#E0E0E0", "#F5F5F5", "#E0E0E0"]))

# The card slides in and fades in; the avatar pops with a spring; the title shimmers.
scene.add_animation("card", A.basic("position.x", from_=-100, to=120, timing=gf.Timing(0.6, easing="ease-out")))
scene.add_animation("card", A.keyframes("opacity", [0, 1, 1], key_times=[0, 0.5, 1], timing=0.6))
scene.add_animation("avatar", A.spring("transform.scale", from_=0.5, to=1, spring=gf.Spring(stiffness=300, damping=15),
                                       keep_after_end=True))
scene.add_animation("title", A.basic("gradient.locations", from_=[-1, -0.5, 0, 0], to=[1, 1.5, 2, 0],
                                     timing=gf.Timing(1, iterations=math.inf)), key="shimmer")

for event in scene.advance(0.0):
    print(f"t=0: {event.kind} animation {event.animation_id} on {event.layer_id!r}")

print(f"{'t':>5} {'layer':<7} {'x':>8} {'y':>7} {'w':>6} {'opacity':>8} {'scale':>6} {'grad[1]':>8}")
for t in (0.0, 0.15, 0.3, 0.6, 1.2):
    states = scene.sample(t)
    for i, name in enumerate(("card", "avatar", "title")):
        s = states[i]
        get = (lambda k: s[k]) if hasattr(states, "dtype") else (lambda k: getattr(s, k))
        a, b = get("transform")[0], get("transform")[1]
        scale = math.hypot(a, b)
        print(f"{t:5.2f} {name:<7} {get('x'):8.2f} {get('y'):7.2f} {get('width'):6.1f} "
              f"{get('opacity'):8.3f} {scale:6.3f} {get('gradient_locations')[1]:8.3f}")

for event in scene.advance(1.2):
    print(f"t=1.2: {event.kind} animation {event.animation_id} on {event.layer_id!r} at {event.time:.3f}")
