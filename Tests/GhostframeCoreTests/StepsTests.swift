import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Expected values are worked by hand from the CSS Easing 1 algorithm (animation.md §2.4),
/// following wpt css/css-easing/step-timing-functions-output.html and
/// web-animations/timing-model/time-transformations/transformed-progress.html:
/// step = floor(x·n) (+1 for jump-start/both); −1 if before flag and x·n integral;
/// 0 if x ≥ 0 and step < 0; jumps if x ≤ 1 and step > jumps; result step / jumps.
@Suite struct StepsTests {
  private func check(
    _ curve: Curve, _ cases: [(x: Double, before: Bool, expected: Double)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for c in cases {
      // Tolerance 0: every expected value is k / jumps computed the same way in Double.
      #expect(curve(c.x, beforeFlag: c.before) == c.expected, "\(curve) at \(c.x) before \(c.before)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func stepStart() throws {
    check(.stepStart, [
      (0, false, 1), (0, true, 0), (0.5, false, 1), (0.5, true, 1), (1, false, 1), (1, true, 1),
      // Not clamped outside [0, 1]: 1.5 → floor(1.5) + 1 = 2; −0.5 → floor(−0.5) + 1 = 0.
      (1.5, false, 2), (-0.5, false, 0), (-0.5, true, 0),
      // −1: step 0, before flag at an integer → −1, and x < 0 keeps it.
      (-1, false, 0), (-1, true, -1),
    ])
    #expect(try Curve.steps(1, .jumpStart) == .stepStart)
  }

  @Test func stepEnd() throws {
    check(.stepEnd, [
      (0, false, 0), (0, true, 0), (0.5, false, 0), (0.999, false, 0), (1, false, 1), (1, true, 0),
      (1.5, false, 1), (2, false, 2), (2, true, 1), (-0.5, false, -1), (-0.5, true, -1),
    ])
    #expect(try Curve.steps(1) == .stepEnd)
  }

  @Test func jumpEndWithFourSteps() throws {
    let curve = try Curve.steps(4)
    check(curve, [
      (0, false, 0), (0.1, false, 0), (0.25, false, 0.25), (0.25, true, 0), (0.3, false, 0.25),
      (0.5, false, 0.5), (0.75, true, 0.5), (0.99, false, 0.75), (1, false, 1), (1, true, 0.75),
      (1.25, false, 1.25), (-0.25, false, -0.25), (-0.1, false, -0.25),
    ])
  }

  @Test func jumpStartWithFourSteps() throws {
    let curve = try Curve.steps(4, .jumpStart)
    check(curve, [
      (0, false, 0.25), (0, true, 0), (0.25, false, 0.5), (0.25, true, 0.25), (0.9, false, 1),
      (1, false, 1), (1, true, 1),
      // x > 1: floor(6) + 1 = 7 → 1.75; before flag at the integer 6 → 6 → 1.5.
      (1.5, false, 1.75), (1.5, true, 1.5),
    ])
  }

  @Test func jumpNone() throws {
    // steps(2, jump-none): 1 jump.
    check(try Curve.steps(2, .jumpNone), [
      (0, false, 0), (0.25, false, 0), (0.5, false, 1), (0.5, true, 0), (0.75, false, 1), (1, false, 1),
      (1, true, 1), (1.5, false, 3), (-0.5, false, -1),
    ])
    // steps(3, jump-none): 2 jumps.
    check(try Curve.steps(3, .jumpNone), [
      (0, false, 0), (0.3, false, 0), (0.4, false, 0.5), (0.7, false, 1), (1, false, 1),
    ])
  }

  @Test func jumpBoth() throws {
    // steps(2, jump-both): 3 jumps.
    check(try Curve.steps(2, .jumpBoth), [
      (0, false, 1.0 / 3), (0, true, 0), (0.25, false, 1.0 / 3), (0.5, false, 2.0 / 3),
      (0.5, true, 1.0 / 3), (0.9, false, 2.0 / 3), (1, false, 1), (1, true, 2.0 / 3),
      (1.5, false, 4.0 / 3), (-0.25, false, 0), (-0.5, false, 0), (-0.5, true, -1.0 / 3),
    ])
  }

  @Test func validation() {
    expectError(.invalidArgument) { _ = try Curve.steps(0) }
    expectError(.invalidArgument) { _ = try Curve.steps(-1) }
    expectError(.invalidArgument) { _ = try Curve.steps(Int.min) }
    expectError(.invalidArgument) { _ = try Curve.steps(Int.max, .jumpBoth) }
    expectError(.invalidArgument) { _ = try Curve.steps(1, .jumpNone) }
    #expect((try? Curve.steps(2, .jumpNone)) != nil)
    #expect((try? Curve.steps(Int(Int32.max), .jumpBoth)) != nil)
  }

  @Test func hugeCountsAndInputsNeverTrap() throws {
    let curves = [
      try Curve.steps(Int(Int32.max), .jumpBoth), try Curve.steps(Int(Int32.max), .jumpNone), .stepStart, .stepEnd,
    ]
    for curve in curves {
      for x in hostileInputs {
        for before in [false, true] {
          let y = curve(x, beforeFlag: before)
          #expect(x.isNaN == y.isNaN, "\(curve) at \(x)")
          // Finite in, finite out, except where the exact result exceeds the Double range
          // (jump-none's slope n/(n − 1) > 1 at ±greatestFiniteMagnitude).
          if x.isFinite && abs(x) < 1e308 { #expect(y.isFinite, "\(curve) at \(x)") }
        }
      }
    }
    // 2^31 − 1 steps: x = 0.5 sits between jumps; jump-end gives floor(x·n)/n.
    let fine = try Curve.steps(Int(Int32.max))
    #expect(fine(0.5) == (0.5 * 2_147_483_647).rounded(.down) / 2_147_483_647)
    // Infinite inputs continue the staircase to ±∞.
    #expect(Curve.stepEnd(.infinity) == .infinity)
    #expect(Curve.stepEnd(-.infinity) == -.infinity)
  }
}
