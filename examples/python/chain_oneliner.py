"""The seed's one-liner chain from Python, printed as a schedule and a table.

    view.spring.centerBy(0, 100).easeOut.spring.sizeBy(100, 100).spring.cornerRadiusBy(4).animate()

AXAnimationChain's view shorthand: every shorthand is combined with the top animator and begins
at the ``after`` time (0 here), so the three springs run together from t = 0: the card's centre
drops 100 points (with eased spring time) while it grows by 100 x 100 and its corners round by
4. All three end at T, the default spring's settling duration (1.27 s).

    PYTHONPATH=bindings/python python3 examples/python/chain_oneliner.py [--gif PATH]

With ``--gif PATH`` it also renders the chain as a GIF (needs skia-python and Pillow).
"""
import sys
from pathlib import Path

try:  # the installed package, else the checkout's (bindings/python)
    import ghostframe as gf
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
    import ghostframe as gf  # noqa: E402

scene = gf.Scene()
scene.add_layer("stage", frame=(0, 0, 300, 320), background_color="#FFFFFF")
scene.add_layer("card", parent="stage", frame=(100, 20, 100, 100), background_color="#C8C8D0")


def done(completion: gf.ChainCompletion) -> None:
    verb = "re-entered" if completion.reversed else "completed"
    print(f"    link {completion.index} ({completion.name}) {verb} at {completion.time:.4f} s")


# Each step returns a new value (the builder is immutable): keep the whole expression's result.
view = (gf.ViewAnimationChain("card")
        .spring.center_by(0, 100).ease_out.completion(done)
        .spring.size_by(100, 100).completion(done)
        .spring.corner_radius_by(4).completion(done))
chain = view.chain  # apply and advance this one value, so its completions are called

print(f"schedule ({chain.duration:.4f} s):")
for entry in chain.schedule():
    print(f"  {entry.name:<13} {entry.layer}  {entry.begin:.4f} -> {entry.end:.4f}")

chain.apply(scene)
print(f"{'t':>6} {'x':>9} {'y':>9} {'width':>9} {'height':>9} {'radius':>7}")
for step in range(8):
    t = step * 0.25
    chain.advance(scene, t)
    state = scene.sample(t)[scene.layer("card")]
    x, y, width, height, radius = (float(state[n] if hasattr(state, "dtype") else getattr(state, n))
                                   for n in ("x", "y", "width", "height", "corner_radius"))
    print(f"{t:6.2f} {x:9.3f} {y:9.3f} {width:9.3f} {height:9.3f} {radius:7.3f}")

if "--gif" in sys.argv[1:]:
    from ghostframe import preview

    path = sys.argv[sys.argv.index("--gif") + 1]
    fps = 20
    times = preview.frame_times(chain.duration + 0.5, fps)
    preview.save_gif(preview.render_frames(scene, times), path, fps)
    print(f"wrote {path} ({len(times)} frames)")
