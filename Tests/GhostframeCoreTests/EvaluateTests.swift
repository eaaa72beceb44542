import Testing
@testable import GhostframeCore
import GhostframeTestSupport

@Suite struct EvaluateTests {
  static func curves() throws -> [Curve] {
    [
      .linear, .ease, .easeInOut, try .cubicBezier(0.1, -0.6, 0.7, 1.8), try .cubicBezier(1, 0, 0, 1),
      .stepStart, try .steps(5, .jumpBoth), try .steps(3, .jumpNone),
      try Curve(parsing: "linear(0, 0.5 25% 75%, 1)"), try Curve(parsing: "linear(0, 1 50%, 0.2, 1 100%)"),
      .penner(.easeOutElastic), .penner(.easeInOutBounce), .penner(.easeInCirc),
      try .spring(Spring()), try .spring(Spring(damping: 26, allowsOverdamping: true)),
    ]
  }

  static let inputs: [Double] = (0...400).map { Double($0) / 200 - 0.5 } + hostileInputs

  /// Same value, treating every NaN as equal.
  private func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

  @Test func batchEqualsOneAtATime() throws {
    for curve in try Self.curves() {
      var ys = [Double](repeating: 42, count: Self.inputs.count)
      Self.inputs.withUnsafeBufferPointer { xs in
        ys.withUnsafeMutableBufferPointer { ys in curve.evaluate(xs, into: ys) }
      }
      for (x, y) in zip(Self.inputs, ys) {
        #expect(same(y, curve(x)), "\(curve) at \(x)")
      }
    }
  }

  @Test func batchWorksInPlace() throws {
    for curve in try Self.curves() {
      var values = Self.inputs
      values.withUnsafeMutableBufferPointer { buffer in
        curve.evaluate(UnsafeBufferPointer(buffer), into: buffer)
      }
      for (x, y) in zip(Self.inputs, values) {
        #expect(same(y, curve(x)), "\(curve) at \(x) in place")
      }
    }
  }

  @Test func batchWritesOnlyTheShorterCount() {
    let xs: [Double] = [0.25, 0.5, 0.75]
    var ys = [Double](repeating: -7, count: 5)
    xs.withUnsafeBufferPointer { xs in
      ys.withUnsafeMutableBufferPointer { ys in Curve.ease.evaluate(xs, into: ys) }
    }
    #expect(ys[0] == Curve.ease(0.25) && ys[2] == Curve.ease(0.75))
    #expect(ys[3] == -7 && ys[4] == -7)

    var short = [Double](repeating: -7, count: 2)
    xs.withUnsafeBufferPointer { xs in
      short.withUnsafeMutableBufferPointer { ys in Curve.linear.evaluate(xs, into: ys) }
    }
    #expect(short == [0.25, 0.5])
  }

  @Test func emptyAndNilBuffersAreFine() {
    let empty = UnsafeBufferPointer<Double>(start: nil, count: 0)
    let emptyOut = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
    Curve.ease.evaluate(empty, into: emptyOut)
    var one = [0.0]
    one.withUnsafeMutableBufferPointer { Curve.ease.evaluate(empty, into: $0) }
    #expect(one == [0.0])
  }
}
