import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Reference: a second, independent solver. Bernstein form and pure bisection in u
/// down to an interval of 1e-13, then Y at the midpoint.
private func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
  func bernstein(_ p1: Double, _ p2: Double, _ u: Double) -> Double {
    let v = 1 - u
    return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
  }
  var low = 0.0, high = 1.0
  while high - low > 1e-13 {
    let mid = (low + high) / 2
    if bernstein(x1, x2, mid) < x { low = mid } else { high = mid }
  }
  return bernstein(y1, y2, (low + high) / 2)
}

/// max |Y'(u)| / min X'(u) over [0, 1], sampled: bounds |Δy| per unit of |ΔX|.
private func slopeBound(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
  func derivative(_ p1: Double, _ p2: Double, _ u: Double) -> Double {
    let v = 1 - u
    return 3 * v * v * p1 + 6 * v * u * (p2 - p1) + 3 * u * u * (1 - p2)
  }
  var minX = Double.infinity, maxY = 0.0
  for i in 0...10_000 {
    let u = Double(i) / 10_000
    minX = min(minX, derivative(x1, x2, u))
    maxY = max(maxY, abs(derivative(y1, y2, u)))
  }
  return maxY / minX
}

@Suite struct CubicBezierTests {
  static let named: [(Curve, (Double, Double, Double, Double))] = [
    (.ease, (0.25, 0.1, 0.25, 1)), (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
    (.easeInOut, (0.42, 0, 0.58, 1)), (.linear, (0, 0, 1, 1)),
  ]

  @Test func namedCurvesMatchBisectionReference() {
    // Tolerance 1e-6: the solver stops at |X(u) − x| < 1e-7 and these curves have
    // |dy/dx| < 3, so |Δy| < 3e-7; the reference is exact to ~1e-13.
    for (curve, p) in Self.named {
      for i in 0...1000 {
        let x = Double(i) / 1000
        let expected = referenceBezier(p.0, p.1, p.2, p.3, at: x)
        #expect(abs(curve(x) - expected) <= 1e-6, "\(curve) at \(x)")
      }
    }
  }

  @Test func publishedValues() {
    // animation.md §1.4, published to 6 decimals: tolerance 5e-7 rounding + 3e-7 solver.
    let cases: [(Curve, [Double])] = [
      (.ease, [0.408511, 0.802403, 0.960459]),
      (.easeIn, [0.093465, 0.315357, 0.621862]),
      (.easeOut, [0.378138, 0.684643, 0.906535]),
      (.easeInOut, [0.129162, 0.5, 0.870838]),
    ]
    for (curve, values) in cases {
      for (x, expected) in zip([0.25, 0.5, 0.75], values) {
        #expect(abs(curve(x) - expected) <= 8e-7, "\(curve) at \(x)")
      }
    }
    // animation.md §0: ease(0.5) = 0.8024034 (7 decimals).
    #expect(abs(Curve.ease(0.5) - 0.8024034) <= 1e-6)
  }

  @Test func randomCurvesMatchBisectionReference() throws {
    var rng = SplitMix64(seed: 0xC0FFEE)
    var checked = 0
    while checked < 25 {
      let x1 = Double.random(in: 0...1, using: &rng), x2 = Double.random(in: 0...1, using: &rng)
      let y1 = Double.random(in: -1...2, using: &rng), y2 = Double.random(in: -1...2, using: &rng)
      // Keep curves whose worst-case |Δy| for |ΔX| < 1e-7 is within 1e-6 (slope bound ≤ 10).
      guard slopeBound(x1, y1, x2, y2) <= 10 else { continue }
      checked += 1
      let curve = try Curve.cubicBezier(x1, y1, x2, y2)
      for i in 0...200 {
        let x = Double(i) / 200
        let expected = referenceBezier(x1, y1, x2, y2, at: x)
        #expect(abs(curve(x) - expected) <= 1e-6, "\(curve) at \(x)")
      }
    }
  }

  @Test func solverMeetsItsToleranceEvenOnDegenerateCurves() throws {
    // The contract of the solver itself: |X(u) − x| < 1e-7, u in [0, 1], including
    // curves with X'(u) = 0 inside (1, 0, 0, 1) or at an end (0, ·, 1, ·).
    var rng = SplitMix64(seed: 42)
    var curves: [(Double, Double)] = [(1, 0), (0, 1), (0, 0), (1, 1), (0.5, 0.5), (1, 0.999)]
    for _ in 0..<50 {
      curves.append((Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng)))
    }
    for (x1, x2) in curves {
      let bezier = try CubicBezier(x1, 0.3, x2, 0.7)
      for i in 0...2000 {
        let x = Double(i) / 2000
        let u = bezier.solveCurveX(x)
        #expect(u >= 0 && u <= 1)
        #expect(abs(bezier.sampleX(u) - x) < 1e-7, "x1 \(x1) x2 \(x2) at \(x)")
      }
    }
  }

  @Test func endPointsAreExact() throws {
    for (curve, _) in Self.named {
      #expect(curve(0) == 0)
      #expect(curve(1) == 1)
    }
    let odd = try Curve.cubicBezier(0.9, -3, 0.1, 4)
    #expect(odd(0) == 0)
    #expect(odd(1) == 1)
  }

  @Test func extrapolationFollowsChromiumGradients() throws {
    // Hand-computed from Chromium's rule (animation.md §2.4):
    // x < 0: g = x1 > 0 ? y1/x1 : (y1 == 0 && x2 > 0) ? y2/x2 : (y1 == 0 && y2 == 0) ? 1 : 0
    // x > 1: g = x2 < 1 ? (y2−1)/(x2−1) : (y2 == 1 && x1 < 1) ? (y1−1)/(x1−1) : (y2 == 1 && y1 == 1) ? 1 : 0
    let cases: [((Double, Double, Double, Double), Double, Double)] = [
      // wpt: P1 on the y axis but off the x axis gives a flat start.
      ((0, -0.5, 1, -0.5), -0.5, 0),
      ((0, -0.5, 1, -0.5), 1.5, 1),
      ((0, 1.5, 1, 1.5), -1, 0),
      ((0, 1.5, 1, 1.5), 2, 1),
      // ease: g0 = 0.1/0.25 = 0.4; g1 = (1 − 1)/(0.25 − 1) = 0.
      ((0.25, 0.1, 0.25, 1), -1, -0.4),
      ((0.25, 0.1, 0.25, 1), 2, 1),
      // ease-in: g0 = 0/0.42 = 0; x2 = 1, y2 = 1 → g1 = (0 − 1)/(0.42 − 1) = 1/0.58.
      ((0.42, 0, 1, 1), -1, 0),
      ((0.42, 0, 1, 1), 1.5, 1 + 0.5 / 0.58),
      // ease-out: x1 = 0, y1 = 0 → g0 = y2/x2 = 1/0.58; g1 = 0.
      ((0, 0, 0.58, 1), -0.5, -0.5 / 0.58),
      ((0, 0, 0.58, 1), 3, 1),
      // y1 == 0, x2 == 0, y2 == 0: both gradients 1 (and the curve is the identity).
      ((0, 0, 0, 0), -1, -1),
      ((0, 0, 0, 0), 2, 2),
      // x1 == 0, y1 == 0, x2 == 0, y2 ≠ 0: g0 = 0; g1 = (y2 − 1)/(0 − 1).
      ((0, 0, 0, 0.5), -1, 0),
      ((0, 0, 0, 0.5), 2, 1.5),
      // x2 == 1, y2 ≠ 1: flat end.
      ((0.5, 1, 1, 0), 1.5, 1),
      ((0.5, 1, 0.5, 0), -0.25, -0.5),
      ((0.5, 1, 0.5, 0), 1.25, 1.5),
    ]
    for (p, x, expected) in cases {
      let curve = try Curve.cubicBezier(p.0, p.1, p.2, p.3)
      #expect(abs(curve(x) - expected) <= 1e-12, "\(curve) at \(x)")
    }
  }

  @Test func validation() {
    expectError(.invalidArgument) { _ = try Curve.cubicBezier(-0.1, 0, 1, 1) }
    expectError(.invalidArgument) { _ = try Curve.cubicBezier(0, 0, 1.1, 1) }
    expectError(.invalidArgument) { _ = try Curve.cubicBezier(.nan, 0, 1, 1) }
    expectError(.invalidArgument) { _ = try Curve.cubicBezier(0, .infinity, 1, 1) }
    expectError(.invalidArgument) { _ = try Curve.cubicBezier(0, 0, 1, -.infinity) }
    let error = expectError(.invalidArgument) { _ = try Curve.cubicBezier(0.5, 0, 1.5, 1) }
    #expect(error?.message.contains("x2") == true)
  }

  @Test func hostileInputsNeverTrap() throws {
    let curves = [Curve.ease, .linear, try Curve.cubicBezier(0, 1.5, 1, 1.5), try Curve.cubicBezier(1, 0, 0, 1)]
    for curve in curves {
      for x in hostileInputs {
        let y = curve(x)
        #expect(x.isNaN == y.isNaN, "\(curve) at \(x)")
        if x.isFinite { #expect(y.isFinite) }
      }
    }
    // Flat gradients stay flat at infinity instead of giving 0 · ∞ = NaN.
    #expect(Curve.ease(.infinity) == 1)
    #expect(Curve.ease(-.infinity) == -.infinity)
    #expect(Curve.easeIn(-.infinity) == 0)
  }
}
