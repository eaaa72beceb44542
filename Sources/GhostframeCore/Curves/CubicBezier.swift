/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function with P0 = (0, 0) and P3 = (1, 1).
///
/// Evaluation solves X(u) = x for the curve parameter u to |X(u) − x| < 1e-7, then returns
/// Y(u). The solver reads a first guess from a table of u at evenly spaced x (built once,
/// shared between copies), refines it with at most 4 Newton steps, and falls back to
/// bisection inside the table cell, which brackets the root because X is monotone. Outside
/// [0, 1] the curve continues as a line with Chromium's end gradients (which is what
/// web-platform-tests assert).
struct CubicBezier: Sendable, Hashable {
  /// Target accuracy of the solved X(u) against x.
  static let epsilon = 1e-7
  /// Newton steps before falling back to bisection.
  static let maxNewtonIterations = 4
  /// Cells of the inverse table: u is tabulated at x = i / inverseCells.
  static let inverseCells = 128

  /// The first control point.
  let x1: Double, y1: Double
  /// The second control point.
  let x2: Double, y2: Double

  /// Everything evaluation reads, as one flat block shared by every copy of the curve (and
  /// copied into a scene sampler's constant pool): see ``Parameter``.
  let parameters: BezierParameters

  /// Offsets into the parameter block.
  enum Parameter {
    static let ax = 0, bx = 1, cx = 2, ay = 3, by = 4, cy = 5
    /// Slopes of the linear extrapolation below 0 and above 1.
    static let startGradient = 6, endGradient = 7
    /// 1 when x1 == y1 and x2 == y2: X(u) == Y(u), so the curve is the identity.
    static let identity = 8
    /// u at x = i / inverseCells, i in 0...inverseCells: the first guess and bisection bracket.
    static let inverse = 9
    /// The block's length.
    static let count = inverse + CubicBezier.inverseCells + 1
  }

  /// Creates a validated curve.
  ///
  /// - Throws: `.invalidArgument` if a coordinate is not finite or x1, x2 lie outside [0, 1].
  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(GhostframeError) {
    let names = ["x1", "y1", "x2", "y2"]
    for (name, value) in zip(names, [x1, y1, x2, y2]) where !value.isFinite {
      throw .invalid("cubic-bezier: \(name) is not finite (\(value))")
    }
    guard (0...1).contains(x1) else {
      throw .invalid("cubic-bezier: x1 = \(x1) is outside [0, 1]")
    }
    guard (0...1).contains(x2) else {
      throw .invalid("cubic-bezier: x2 = \(x2) is outside [0, 1]")
    }
    self.init(unchecked: x1, y1, x2, y2)
  }

  /// Creates a curve from control points already known to be valid.
  init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    // Normalize −0 so that descriptions print "0".
    self.x1 = x1 + 0
    self.y1 = y1 + 0
    self.x2 = x2 + 0
    self.y2 = y2 + 0

    let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
    let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by

    // Chromium's gradient rule: tangent at the end point if defined, else the line
    // to the far control point, else linear, else flat.
    let startGradient: Double
    if x1 > 0 {
      startGradient = y1 / x1
    } else if y1 == 0 && x2 > 0 {
      startGradient = y2 / x2
    } else if y1 == 0 && y2 == 0 {
      startGradient = 1
    } else {
      startGradient = 0
    }
    let endGradient: Double
    if x2 < 1 {
      endGradient = (y2 - 1) / (x2 - 1)
    } else if y2 == 1 && x1 < 1 {
      endGradient = (y1 - 1) / (x1 - 1)
    } else if y2 == 1 && y1 == 1 {
      endGradient = 1
    } else {
      endGradient = 0
    }
    var block = [ax, bx, cx, ay, by, cy, startGradient, endGradient, x1 == y1 && x2 == y2 ? 1 : 0]
    for i in 0...Self.inverseCells {
      // Bisection to full precision: X is monotone on [0, 1] because x1, x2 lie in [0, 1].
      let x = Double(i) / Double(Self.inverseCells)
      var low = 0.0, high = 1.0
      for _ in 0..<60 {
        let mid = (low + high) * 0.5
        if ((ax * mid + bx) * mid + cx) * mid < x { low = mid } else { high = mid }
      }
      block.append((low + high) * 0.5)
    }
    parameters = BezierParameters(block)
  }

  /// Evaluates the curve at `x`; linear extrapolation outside [0, 1]; NaN gives NaN.
  @inline(__always)
  func callAsFunction(_ x: Double) -> Double {
    parameters.values.withUnsafeBufferPointer { block in
      guard let base = block.baseAddress, block.count == Parameter.count else { return x }
      return Self.evaluate(x, base)
    }
  }

  /// Evaluates the curve described by the parameter block at `p` (``Parameter/count``
  /// doubles) at `x`.
  ///
  /// - Complexity: O(1): one table read, at most 4 Newton steps and 64 bisection steps.
  @inline(__always)
  static func evaluate(_ x: Double, _ p: UnsafePointer<Double>) -> Double {
    if p[Parameter.identity] != 0 { return x }
    // A flat gradient stays flat even for infinite x (0 · ∞ would be NaN).
    if x < 0 { return p[Parameter.startGradient] == 0 ? 0 : p[Parameter.startGradient] * x }
    if x > 1 { return p[Parameter.endGradient] == 0 ? 1 : 1 + p[Parameter.endGradient] * (x - 1) }
    // Exact end points (the solver would be within 1e-7 of them).
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    if x.isNaN { return x }
    let u = solveCurveX(x, p)
    return ((p[Parameter.ay] * u + p[Parameter.by]) * u + p[Parameter.cy]) * u
  }

  /// Finds u in [0, 1] with |X(u) − x| < 1e-7, for x in (0, 1).
  @inline(__always)
  static func solveCurveX(_ x: Double, _ p: UnsafePointer<Double>) -> Double {
    let ax = p[Parameter.ax], bx = p[Parameter.bx], cx = p[Parameter.cx]
    // The table cell holding x: u lies between its end values, and interpolating them is
    // a guess that one Newton step usually finishes.
    let scaled = x * Double(inverseCells)
    let cell = min(max(Int(scaled), 0), inverseCells - 1)
    var low = p[Parameter.inverse + cell]
    var high = p[Parameter.inverse + cell + 1]
    var u = low + (high - low) * (scaled - Double(cell))
    for _ in 0..<maxNewtonIterations {
      let error = ((ax * u + bx) * u + cx) * u - x
      if abs(error) < epsilon { return u }
      let slope = (3 * ax * u + 2 * bx) * u + cx
      if abs(slope) < epsilon { break }
      u -= error / slope
      // Newton may leave the cell where X flattens; bisection takes over there.
      if !(u >= low && u <= high) { break }
    }
    // Bisection runs only where X is flat, and there a small error in x is a large one in
    // u: narrow the bracket itself instead of stopping at the x tolerance.
    for _ in 0..<64 where high - low > 1e-12 {
      let mid = (low + high) * 0.5
      if ((ax * mid + bx) * mid + cx) * mid < x { low = mid } else { high = mid }
    }
    return (low + high) * 0.5
  }

  /// X(u), for tests.
  func sampleX(_ u: Double) -> Double {
    let v = parameters.values
    return ((v[Parameter.ax] * u + v[Parameter.bx]) * u + v[Parameter.cx]) * u
  }

  /// u for x, for tests.
  func solveCurveX(_ x: Double) -> Double {
    parameters.values.withUnsafeBufferPointer { block in
      guard let base = block.baseAddress, block.count == Parameter.count else { return x }
      return Self.solveCurveX(x, base)
    }
  }

  static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
    lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(x1)
    hasher.combine(y1)
    hasher.combine(x2)
    hasher.combine(y2)
  }
}

/// A curve's parameter block, shared by every copy of the curve.
final class BezierParameters: Sendable {
  let values: [Double]
  init(_ values: [Double]) { self.values = values }
}
