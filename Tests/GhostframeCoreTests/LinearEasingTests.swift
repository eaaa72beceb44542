import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Expected values are worked by hand from the CSS Easing 2 algorithm (animation.md §2.4):
/// resolve points, then A = last point with input ≤ x (or the first), the pair before it if
/// A is last, B's output if the inputs are equal, else the straight line through A and B.
/// Tolerance 1e-15 (a few ulps of one lerp) unless stated.
@Suite struct LinearEasingTests {
  private func check(
    _ spec: String, _ cases: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let curve = try Curve(parsing: spec)
    for (x, expected) in cases {
      #expect(abs(curve(x) - expected) <= 1e-15, "\(spec) at \(x)", sourceLocation: sourceLocation)
    }
  }

  @Test func workedExample() throws {
    // animation.md §2.4: linear(0, 0.25, 1).
    try check("linear(0, 0.25, 1)", [(0.25, 0.125), (0.5, 0.25), (0.75, 0.625), (1.5, 1.75), (-0.5, -0.25), (0, 0), (1, 1)])
    #expect(try Curve(parsing: "linear(0, 0.25, 1)").description == "linear(0 0%, 0.25 50%, 1 100%)")
  }

  @Test func twoPercentageStops() throws {
    // (0, 0%), (0.5, 25%), (0.5, 75%), (1, 100%): a plateau between 25 % and 75 %.
    try check("linear(0, 0.5 25% 75%, 1)", [(0.125, 0.25), (0.25, 0.5), (0.5, 0.5), (0.75, 0.5), (0.875, 0.75), (1, 1), (2, 3)])
    #expect(try Curve(parsing: "linear(0, 0.5 25% 75%, 1)")
      == Curve(parsing: "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%)"))
  }

  @Test func missingInputsAreSpacedEvenly() throws {
    // Inputs 0, 20, 40, 60 (explicit), 100.
    try check("linear(0, 0.1, 0.2, 0.3 60%, 1)", [(0.1, 0.05), (0.2, 0.1), (0.3, 0.15), (0.5, 0.25), (0.8, 0.65)])
  }

  @Test func inputsAreClampedToTheRunningMaximum() throws {
    // (0, 0), (1, 50%), (0.5, max(25%, 50%)), (1, 100%): a jump down at 50 %.
    try check("linear(0, 1 50%, 0.5 25%, 1)", [(0.25, 0.5), (0.4999, 0.9998), (0.5, 0.5), (0.75, 0.75)])
  }

  @Test func equalInputsReturnTheSecondOutput() throws {
    // (0, 0), (1, 0%), (1, 100%): below 0 the first pair has equal inputs → 1.
    try check("linear(0, 1 0%, 1)", [(-0.5, 1), (0, 1), (0.5, 1)])
    // A step: 0 below 50 %, 1 from 50 % on.
    try check("linear(0 0%, 0 50%, 1 50%, 1 100%)", [(0.49, 0), (0.5, 1), (0.51, 1)])
  }

  @Test func lastStopGetsTheLargestInput() throws {
    // (0, 0), (0.5, 150%), (1, max(100%, 150%)): flat beyond 150 %.
    try check("linear(0, 0.5 150%, 1)", [(1.2, 0.4), (1.5, 1), (3, 1)])
  }

  @Test func firstExplicitInputIsNotClamped() throws {
    // (0, −50%), (1, 100%): the line through (−0.5, 0) and (1, 1).
    try check("linear(0 -50%, 1)", [(0, 1.0 / 3), (-0.5, 0), (-2, -1)])
  }

  @Test func percentageBeforeNumber() throws {
    // CSS allows <percentage> && <number> in either order.
    #expect(try Curve(parsing: "linear(0, 50% 0.25, 1)") == Curve(parsing: "linear(0, 0.25 50%, 1)"))
    #expect(try Curve(parsing: "linear(0, 25% 75% 0.5, 1)") == Curve(parsing: "linear(0, 0.5 25% 75%, 1)"))
  }

  @Test func wptEquivalences() throws {
    // css/css-easing/linear-timing-functions-output.html asserts these pairs equal (to 0.01 px
    // on 100 px, i.e. 1e-4) at the listed inputs.
    let pairs: [(String, String, [Double])] = [
      ("linear(0.2 0% 20%, 0.4 20% 40%, 0.6 40% 60%, 0.8 60% 80%, 1.0 80% 100%)", "steps(5, jump-start)",
       [0, 0.2, 0.4, 0.6, 0.8, 1]),
      // An input below the running maximum (−10 % after the implied 0 %) is clamped up to it.
      ("linear(0, 0.1 -10%, 1)", "linear(0, 0.1 0%, 1)", [0, 0.1, 0.55, 1]),
      ("linear(0, 0.9 110%, 1)", "linear(0, 0.9 110%, 1 110%)", [0, 0.45, 0.9, 0.95, 1]),
    ]
    for (a, b, xs) in pairs {
      let curveA = try Curve(parsing: a), curveB = try Curve(parsing: b)
      for x in xs {
        #expect(abs(curveA(x) - curveB(x)) <= 1e-4, "\(a) vs \(b) at \(x)")
      }
    }
  }

  @Test func stopsAPIMatchesSpecText() throws {
    let curve = try Curve.linear([LinearStop(output: 0), LinearStop(output: 0.25, input: 0.5), LinearStop(output: 1)])
    #expect(curve == (try Curve(parsing: "linear(0, 0.25 50%, 1)")))
    #expect(curve(0.25) == 0.125)
    let two = try Curve.linear([LinearStop(output: 0), LinearStop(output: 1)])
    #expect(two == (try Curve(parsing: "linear(0, 1)")))
    #expect(two(0.3) == 0.3)
  }

  @Test func validation() {
    expectError(.invalidArgument) { _ = try Curve.linear([]) }
    expectError(.invalidArgument) { _ = try Curve.linear([LinearStop(output: 1)]) }
    expectError(.invalidArgument) { _ = try Curve.linear([LinearStop(output: .nan), LinearStop(output: 1)]) }
    expectError(.invalidArgument) { _ = try Curve.linear([LinearStop(output: 0), LinearStop(output: 1, input: .infinity)]) }
    expectError(.invalidArgument) { _ = try Curve(parsing: "linear()") }
    expectError(.invalidArgument) { _ = try Curve(parsing: "linear(0.5)") }
    expectError(.invalidArgument) { _ = try Curve(parsing: "linear(0.5 0% 100%)") }
    expectError(.invalidArgument) { _ = try Curve(parsing: "linear(0, 1 inf%)") }
    expectError(.parse) { _ = try Curve(parsing: "linear(0, 0.5 10% 20% 30%, 1)") }
    expectError(.parse) { _ = try Curve(parsing: "linear(0, 10% 0.5 20%, 1)") }
    expectError(.parse) { _ = try Curve(parsing: "linear(0, 10%, 1)") }
    expectError(.parse) { _ = try Curve(parsing: "linear(0, 0.5 0.6, 1)") }
    expectError(.parse) { _ = try Curve(parsing: "linear(0, 0.5 %, 1)") }
  }

  @Test func stopCountLimit() throws {
    let many = Array(repeating: LinearStop(output: 0.5), count: 10_001)
    expectError(.limit) { _ = try Curve.linear(many) }
    let atLimit = try Curve.linear(Array(repeating: LinearStop(output: 0.5), count: 10_000))
    #expect(atLimit(0.3) == 0.5)
    let spec = "linear(" + Array(repeating: "0", count: 10_001).joined(separator: ",") + ")"
    expectError(.limit) { _ = try Curve(parsing: spec) }
  }

  @Test func hostileInputsNeverTrap() throws {
    let curves = [
      try Curve(parsing: "linear(0, 0.25, 1)"), try Curve(parsing: "linear(0 0%, 0 50%, 1 50%, 1 100%)"),
      try Curve(parsing: "linear(-1e308 -1e308%, 1e308 1e308%)"),
    ]
    for curve in curves {
      for x in hostileInputs {
        let y = curve(x)
        #expect(x.isNaN == y.isNaN || !x.isFinite || abs(x) > 1e300, "\(curve) at \(x)")
        if x.isNaN { #expect(y.isNaN) }
      }
    }
  }
}
