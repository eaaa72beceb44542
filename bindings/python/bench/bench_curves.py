"""Curve evaluation from Python: per call and in batches (numpy and list).

Prints one line per measurement: "name value unit". Run through scripts/bench.sh, which
points GHOSTFRAME_LIBRARY at a release build.
"""
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import ghostframe as gf  # noqa: E402


def best(fn, rounds=7):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    curve = gf.Curve("ease")
    rng = random.Random(42)
    xs = [rng.random() for _ in range(100_000)]
    single = best(lambda: [curve(x) for x in xs[:20_000]], rounds=5) / 20_000
    print(f"python_single_call {single * 1e9:.0f} ns")
    lst = best(lambda: curve.eval_many(xs))
    print(f"python_batch_list_100k {lst * 1e3:.3f} ms")
    from array import array

    doubles = array("d", xs)
    buf = best(lambda: curve.eval_many(doubles), rounds=21)
    print(f"python_batch_array_d_100k {buf * 1e3:.3f} ms")
    floats = array("f", xs)
    buf = best(lambda: curve.eval_many(floats), rounds=21)
    print(f"python_batch_array_f_100k {buf * 1e3:.3f} ms (numpy not imported yet: the struct path)")
    try:
        import numpy as np
    except ImportError:
        print("python_batch_numpy_100k unavailable (numpy not installed)")
        return
    arr = np.asarray(xs, dtype=np.float64)
    batch = best(lambda: curve.eval_many(arr), rounds=21)
    print(f"python_batch_numpy_100k {batch * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
