#!/usr/bin/env python3
"""Generates reference cases for the conformance suite from independent implementations.

Written separately from the Swift engine, in 40-digit arithmetic (mpmath):
  - cubic-bezier by pure bisection on the curve parameter (not Newton);
  - Penner easings from their closed forms (easings.net / Penner's originals);
  - springs from the closed-form damped oscillator, velocity by its analytic derivative;
  - settling durations by scanning the error for its last epsilon crossing on a fine grid,
    then bisecting (a different algorithm from the engine's extremum search).

Run: python3 scripts/reference/make_cases.py  (rewrites Tests/ConformanceTests/Cases/{curves,springs}.json)
"""
import json
import os
from mpmath import mp, mpf, sqrt, exp, cos, sin, pi, log

mp.dps = 40
HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "..", "..", "Tests", "ConformanceTests", "Cases")


def bezier(x1, y1, x2, y2):
    x1, y1, x2, y2 = map(mpf, (x1, y1, x2, y2))

    def coord(u, a, b):
        return 3 * a * (1 - u) ** 2 * u + 3 * b * (1 - u) * u ** 2 + u ** 3

    def solve(x):
        x = mpf(x)
        lo, hi = mpf(0), mpf(1)
        for _ in range(140):
            mid = (lo + hi) / 2
            if coord(mid, x1, x2) < x:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    def f(x):
        return coord(solve(x), y1, y2)

    def tolerance(x):
        """1e-6, or what double precision allows where X is flat in u.

        X(u) is evaluated in doubles with a rounding error near 2^-52 * 4; where X is flat, that
        error moves the solved u by up to the cube root (or square root) of it. The y error is
        |Y'(u)| times that u error."""
        u = solve(x)
        h = mpf("1e-20")
        dx = (coord(u + h, x1, x2) - coord(u - h, x1, x2)) / (2 * h)
        dy = (coord(u + h, y1, y2) - coord(u - h, y1, y2)) / (2 * h)
        rounding = mpf(2) ** -50
        if abs(dx) > mpf("1e-3"):
            du = rounding / abs(dx) + mpf("1e-7") / abs(dx)
        else:
            du = rounding ** (mpf(1) / 3)
        return max(1e-6, float(3 * abs(dy) * du))
    f.tolerance = tolerance
    return f


S = mpf("1.70158")


def out_bounce(p):
    n, d = mpf("7.5625"), mpf("2.75")
    if p < 1 / d:
        return n * p * p
    if p < 2 / d:
        p -= mpf("1.5") / d
        return n * p * p + mpf("0.75")
    if p < mpf("2.5") / d:
        p -= mpf("2.25") / d
        return n * p * p + mpf("0.9375")
    p -= mpf("2.625") / d
    return n * p * p + mpf("0.984375")


def penner(name, p):
    p = mpf(p)
    c1 = S
    c2 = S * mpf("1.525")
    c3 = c1 + 1
    c4 = 2 * pi / 3
    c5 = 2 * pi / mpf("4.5")
    table = {
        "easeInSine": lambda: 1 - cos(p * pi / 2),
        "easeOutSine": lambda: sin(p * pi / 2),
        "easeInOutSine": lambda: -(cos(pi * p) - 1) / 2,
        "easeInQuad": lambda: p ** 2,
        "easeOutQuad": lambda: 1 - (1 - p) ** 2,
        "easeInOutQuad": lambda: 2 * p ** 2 if p < 0.5 else 1 - (-2 * p + 2) ** 2 / 2,
        "easeInCubic": lambda: p ** 3,
        "easeOutCubic": lambda: 1 - (1 - p) ** 3,
        "easeInOutCubic": lambda: 4 * p ** 3 if p < 0.5 else 1 - (-2 * p + 2) ** 3 / 2,
        "easeInQuart": lambda: p ** 4,
        "easeOutQuart": lambda: 1 - (1 - p) ** 4,
        "easeInOutQuart": lambda: 8 * p ** 4 if p < 0.5 else 1 - (-2 * p + 2) ** 4 / 2,
        "easeInQuint": lambda: p ** 5,
        "easeOutQuint": lambda: 1 - (1 - p) ** 5,
        "easeInOutQuint": lambda: 16 * p ** 5 if p < 0.5 else 1 - (-2 * p + 2) ** 5 / 2,
        "easeInExpo": lambda: mpf(0) if p == 0 else mpf(2) ** (10 * p - 10),
        "easeOutExpo": lambda: mpf(1) if p == 1 else 1 - mpf(2) ** (-10 * p),
        "easeInOutExpo": lambda: (mpf(0) if p == 0 else mpf(1) if p == 1 else
                                  mpf(2) ** (20 * p - 10) / 2 if p < 0.5 else (2 - mpf(2) ** (-20 * p + 10)) / 2),
        "easeInCirc": lambda: 1 - sqrt(1 - p ** 2),
        "easeOutCirc": lambda: sqrt(1 - (p - 1) ** 2),
        "easeInOutCirc": lambda: ((1 - sqrt(1 - (2 * p) ** 2)) / 2 if p < 0.5
                                  else (sqrt(1 - (-2 * p + 2) ** 2) + 1) / 2),
        "easeInBack": lambda: c3 * p ** 3 - c1 * p ** 2,
        "easeOutBack": lambda: 1 + c3 * (p - 1) ** 3 + c1 * (p - 1) ** 2,
        "easeInOutBack": lambda: (((2 * p) ** 2 * ((c2 + 1) * 2 * p - c2)) / 2 if p < 0.5
                                  else ((2 * p - 2) ** 2 * ((c2 + 1) * (p * 2 - 2) + c2) + 2) / 2),
        "easeInElastic": lambda: (mpf(0) if p == 0 else mpf(1) if p == 1 else
                                  -mpf(2) ** (10 * p - 10) * sin((p * 10 - mpf("10.75")) * c4)),
        "easeOutElastic": lambda: (mpf(0) if p == 0 else mpf(1) if p == 1 else
                                   mpf(2) ** (-10 * p) * sin((p * 10 - mpf("0.75")) * c4) + 1),
        "easeInOutElastic": lambda: (mpf(0) if p == 0 else mpf(1) if p == 1 else
                                     -(mpf(2) ** (20 * p - 10) * sin((20 * p - mpf("11.125")) * c5)) / 2 if p < 0.5
                                     else (mpf(2) ** (-20 * p + 10) * sin((20 * p - mpf("11.125")) * c5)) / 2 + 1),
        "easeInBounce": lambda: 1 - out_bounce(1 - p),
        "easeOutBounce": lambda: out_bounce(p),
        "easeInOutBounce": lambda: ((1 - out_bounce(1 - 2 * p)) / 2 if p < 0.5
                                    else (1 + out_bounce(2 * p - 1)) / 2),
    }
    return table[name]()


def spring_fns(m, k, c, v0, allow_over):
    m, k, c, v0 = map(mpf, (m, k, c, v0))
    w0 = sqrt(k / m)
    zeta = c / (2 * sqrt(k * m))
    if zeta > 1 and not allow_over:
        zeta = mpf(1)
    if zeta < 1:
        b = zeta * w0
        wd = w0 * sqrt(1 - zeta ** 2)
        B = (b - v0) / wd

        def x(t):
            return 1 - exp(-b * t) * (cos(wd * t) + B * sin(wd * t))

        def v(t):
            # d/dt of the above, written out by hand.
            return exp(-b * t) * (b * (cos(wd * t) + B * sin(wd * t)) - (-wd * sin(wd * t) + B * wd * cos(wd * t)))
    elif zeta == 1:
        def x(t):
            return 1 - exp(-w0 * t) * (1 + (w0 - v0) * t)

        def v(t):
            return exp(-w0 * t) * (w0 * (1 + (w0 - v0) * t) - (w0 - v0))
    else:
        r = sqrt(zeta ** 2 - 1)
        s1, s2 = w0 * (-zeta + r), w0 * (-zeta - r)
        c1 = (-s2 - v0) / (s2 - s1)
        c2 = (s1 + v0) / (s2 - s1)

        def x(t):
            return 1 + c1 * exp(s1 * t) + c2 * exp(s2 * t)

        def v(t):
            return c1 * s1 * exp(s1 * t) + c2 * s2 * exp(s2 * t)
    return x, v


def settling(x, eps, horizon=60, step=mpf("0.0005")):
    """Last time |x - 1| >= eps on a fine grid, refined by bisection on the crossing."""
    eps = mpf(eps)
    last = None
    t = mpf(0)
    n = int(horizon / step)
    for i in range(n + 1):
        t = i * step
        if abs(x(t) - 1) >= eps:
            last = t
    if last is None:
        return mpf(0)
    lo, hi = last, last + step
    for _ in range(100):
        mid = (lo + hi) / 2
        if abs(x(mid) - 1) >= eps:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def f(v):
    return float(v)


def curves():
    cases = []
    src = "scripts/reference/make_cases.py"
    for spec, pts in [("ease", (0.25, 0.1, 0.25, 1)), ("ease-in", (0.42, 0, 1, 1)), ("ease-out", (0, 0, 0.58, 1)),
                      ("ease-in-out", (0.42, 0, 0.58, 1)), ("easeInEaseOut", (0.42, 0, 0.58, 1)),
                      ("default", (0.25, 0.1, 0.25, 1)), ("cubic-bezier(0.1, 0.7, 1, 0.1)", (0.1, 0.7, 1, 0.1)),
                      ("cubic-bezier(0.68, -0.55, 0.265, 1.55)", (0.68, -0.55, 0.265, 1.55)),
                      ("cubic-bezier(0, 0, 1, 1)", (0, 0, 1, 1)), ("cubic-bezier(1, 0, 0, 1)", (1, 0, 0, 1))]:
        ref = bezier(*pts)
        for x in [0, 0.01, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 0.99, 1]:
            cases.append({"spec": spec, "x": x, "y": f(ref(x)), "tolerance": ref.tolerance(x),
                          "source": f"{src}: 40-digit bisection on the bezier parameter; tolerance 1e-6 "
                                    "or the error double precision allows where X is flat"})
    for name in ["easeInSine", "easeOutSine", "easeInOutSine", "easeInQuad", "easeOutQuad", "easeInOutQuad",
                 "easeInCubic", "easeOutCubic", "easeInOutCubic", "easeInQuart", "easeOutQuart", "easeInOutQuart",
                 "easeInQuint", "easeOutQuint", "easeInOutQuint", "easeInExpo", "easeOutExpo", "easeInOutExpo",
                 "easeInCirc", "easeOutCirc", "easeInOutCirc", "easeInBack", "easeOutBack", "easeInOutBack",
                 "easeInElastic", "easeOutElastic", "easeInOutElastic", "easeInBounce", "easeOutBounce",
                 "easeInOutBounce"]:
        for x in [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1]:
            cases.append({"spec": name, "x": x, "y": f(penner(name, x)), "tolerance": 1e-9,
                          "source": f"{src}: closed form as on easings.net, 40 digits"})
    # Springs as curves: x in [0, 1] spans the settling duration at epsilon 1e-3.
    for m, k, c, v0 in [(1, 100, 10, 0), (1, 100, 20, 0), (2, 300, 15, 4)]:
        x, _ = spring_fns(m, k, c, v0, False)
        T = settling(x, 1e-3)
        for p in [0.1, 0.25, 0.5, 0.75, 0.9]:
            cases.append({"spec": f"spring({m}, {k}, {c}, {v0})", "x": p, "y": f(x(p * T)), "tolerance": 1e-6,
                          "source": f"{src}: closed-form spring at x * settling duration (grid+bisection)"})
        cases.append({"spec": f"spring({m}, {k}, {c}, {v0})", "x": 1, "y": 1.0, "tolerance": 0,
                      "source": "ARCHITECTURE: a spring curve ends exactly on 1"})
    return cases


def springs():
    cases = []
    src = "scripts/reference/make_cases.py"
    configs = [
        ("underdamped default", dict(mass=1, stiffness=100, damping=10, initialVelocity=0)),
        ("underdamped light", dict(mass=1, stiffness=100, damping=5, initialVelocity=0)),
        ("underdamped v0=5", dict(mass=1, stiffness=100, damping=10, initialVelocity=5)),
        ("underdamped v0=-3 heavy", dict(mass=2.5, stiffness=40, damping=6, initialVelocity=-3)),
        ("critical", dict(mass=1, stiffness=100, damping=20, initialVelocity=0)),
        ("overdamped clamped to critical", dict(mass=1, stiffness=100, damping=26, initialVelocity=0)),
        ("overdamped allowed", dict(mass=1, stiffness=100, damping=26, initialVelocity=0, allowsOverdamping=True)),
        ("overdamped allowed v0=10", dict(mass=1, stiffness=100, damping=40, initialVelocity=10,
                                          allowsOverdamping=True)),
    ]
    for name, p in configs:
        x, v = spring_fns(p["mass"], p["stiffness"], p["damping"], p["initialVelocity"],
                          p.get("allowsOverdamping", False))
        for t in [0.05, 0.1, 0.25, 0.5, 1.0, 2.0]:
            cases.append({"name": f"{name} at {t}", "spring": p, "t": t, "value": f(x(t)), "velocity": f(v(t)),
                          "tolerance": 1e-9, "source": f"{src}: closed form, analytic derivative"})
        for eps in [1e-2, 1e-3, 1e-4]:
            cases.append({"name": f"{name} settles to {eps}", "spring": p, "epsilon": eps,
                          "settlingDuration": f(settling(x, eps)), "tolerance": 1e-6,
                          "source": f"{src}: last epsilon crossing by 0.5 ms grid scan + bisection"})
    return cases


def main():
    with open(os.path.join(CASES, "curves.json"), "w") as out:
        json.dump({"description": "Curve values from independent 40-digit references", "cases": curves()}, out,
                  indent=1)
    with open(os.path.join(CASES, "springs.json"), "w") as out:
        json.dump({"description": "Spring values, velocities and settling durations from independent references",
                   "cases": springs()}, out, indent=1)


if __name__ == "__main__":
    main()
