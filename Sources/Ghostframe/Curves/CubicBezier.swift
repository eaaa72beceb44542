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

  // X(u) = ((ax·u + bx)·u + cx)·u, likewise Y.
  private let ax: Double, bx: Double, cx: Double
  private let ay: Double, by: Double, cy: Double
  /// Slopes of the linear extrapolation below 0 and above 1.
  private let startGradient: Double, endGradient: Double
  /// u at x = i / inverseCells, for the first guess and the bisection bracket.
  private let inverse: InverseTable
  /// x1 == y1 and x2 == y2: X(u) == Y(u), so the curve is the identity.
  private let isIdentity: Bool

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

    let cx = 3 * x1, bx = 3 * (x2 - x1) - cx
    let cy = 3 * y1, by = 3 * (y2 - y1) - cy
    self.cx = cx
    self.bx = bx
    self.ax = 1 - cx - bx
    self.cy = cy
    self.by = by
    self.ay = 1 - cy - by

    // Chromium's gradient rule: tangent at the end point if defined, else the line
    // to the far control point, else linear, else flat.
    if x1 > 0 {
      startGradient = y1 / x1
    } else if y1 == 0 && x2 > 0 {
      startGradient = y2 / x2
    } else if y1 == 0 && y2 == 0 {
      startGradient = 1
    } else {
      startGradient = 0
    }
    if x2 < 1 {
      endGradient = (y2 - 1) / (x2 - 1)
    } else if y2 == 1 && x1 < 1 {
      endGradient = (y1 - 1) / (x1 - 1)
    } else if y2 == 1 && y1 == 1 {
      endGradient = 1
    } else {
      endGradient = 0
    }

    inverse = InverseTable(cells: Self.inverseCells) { [ax, bx, cx] x in
      // Bisection to full precision: X is monotone on [0, 1] because x1, x2 lie in [0, 1].
      var low = 0.0, high = 1.0
      for _ in 0..<60 {
        let mid = (low + high) * 0.5
        if ((ax * mid + bx) * mid + cx) * mid < x { low = mid } else { high = mid }
      }
      return (low + high) * 0.5
    }
    isIdentity = x1 == y1 && x2 == y2
  }

  @inline(__always)
  func sampleX(_ u: Double) -> Double { ((ax * u + bx) * u + cx) * u }

  @inline(__always)
  func sampleY(_ u: Double) -> Double { ((ay * u + by) * u + cy) * u }

  @inline(__always)
  func sampleDerivativeX(_ u: Double) -> Double { (3 * ax * u + 2 * bx) * u + cx }

  /// Finds u in [0, 1] with |X(u) − x| < 1e-7, for x in (0, 1).
  ///
  /// - Complexity: O(1): one table read, at most 4 Newton steps and 64 bisection steps.
  @inline(__always)
  func solveCurveX(_ x: Double) -> Double {
    // The table cell holding x: u lies between its end values, and interpolating them is
    // a guess that one Newton step usually finishes.
    let scaled = x * Double(Self.inverseCells)
    let cell = min(max(Int(scaled), 0), Self.inverseCells - 1)
    var low = inverse[cell]
    var high = inverse[cell + 1]
    var u = low + (high - low) * (scaled - Double(cell))

    for _ in 0..<Self.maxNewtonIterations {
      let error = sampleX(u) - x
      if abs(error) < Self.epsilon { return u }
      let slope = sampleDerivativeX(u)
      if abs(slope) < Self.epsilon { break }
      u -= error / slope
      // Newton may leave the cell where X flattens; bisection takes over there.
      if !(u >= low && u <= high) { break }
    }

    // Bisection runs only where X is flat, and there a small error in x is a large one in
    // u: narrow the bracket itself instead of stopping at the x tolerance.
    for _ in 0..<64 where high - low > 1e-12 {
      let mid = (low + high) * 0.5
      if sampleX(mid) < x { low = mid } else { high = mid }
    }
    return (low + high) * 0.5
  }

  /// Evaluates the curve at `x`; linear extrapolation outside [0, 1]; NaN gives NaN.
  @inline(__always)
  func callAsFunction(_ x: Double) -> Double {
    // Hot path first: one predictable branch before the solver.
    if x > 0 && x < 1 && !isIdentity { return sampleY(solveCurveX(x)) }
    return valueOutsideOpenInterval(x)
  }

  /// The identity, the exact end points, the linear extrapolation, and NaN.
  func valueOutsideOpenInterval(_ x: Double) -> Double {
    if isIdentity || x.isNaN { return x }
    // A flat gradient stays flat even for infinite x (0 · ∞ would be NaN).
    if x <= 0 { return x == 0 || startGradient == 0 ? 0 : startGradient * x }
    return x == 1 || endGradient == 0 ? 1 : 1 + endGradient * (x - 1)
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

/// An immutable table of u at evenly spaced x, shared by every copy of a curve.
final class InverseTable: Sendable {
  private let values: [Double]

  /// Tabulates `solve(i / cells)` for i in 0...cells.
  init(cells: Int, solve: (Double) -> Double) {
    values = (0...cells).map { solve(Double($0) / Double(cells)) }
  }

  /// The value at `index`, which callers keep in 0...cells.
  @inline(__always)
  subscript(index: Int) -> Double { values[index] }
}
