internal import _GhostframeKernels

/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function with P0 = (0, 0) and P3 = (1, 1).
///
/// Evaluation solves X(u) = x for the curve parameter u, then returns Y(u), within 1e-9 of an
/// exact solve. The solver reads a first guess from a table of 256 cells in x (built once,
/// shared between copies: per cell the cubic Hermite interpolant of u(x)) and takes one
/// unconditional Newton step. Cells where one step is not enough (X nearly flat, or Y after the
/// step measured more than 1e-11 from the solution when the curve is built) are flagged in the
/// table, and there a safeguarded Newton solve runs to full precision. Outside [0, 1] the curve continues as a line
/// with Chromium's end gradients (which is what web-platform-tests assert).
///
/// The arithmetic is the C kernel's (`_GhostframeKernels`), with runtime CPU dispatch: fused
/// multiply-adds and 4-wide vectors where the CPU has AVX2 and FMA. Every path of one process
/// takes the same branch, so single and batch evaluations agree to the bit.
struct CubicBezier: Sendable, Hashable {
  /// Cells of the inverse table: u is tabulated at x = i / inverseCells.
  static let inverseCells = Int(GFK_BEZIER_CELLS)

  /// The first control point.
  let x1: Double, y1: Double
  /// The second control point.
  let x2: Double, y2: Double

  /// Everything evaluation reads, as one flat block shared by every copy of the curve (and
  /// copied into a scene sampler's constant pool): see ``Parameter``.
  let parameters: BezierParameters

  /// Offsets into the parameter block (the C kernel's GFK_BEZIER_* layout).
  enum Parameter {
    static let ax = Int(GFK_BEZIER_AX), bx = Int(GFK_BEZIER_BX), cx = Int(GFK_BEZIER_CX)
    static let ay = Int(GFK_BEZIER_AY), by = Int(GFK_BEZIER_BY), cy = Int(GFK_BEZIER_CY)
    /// Slopes of the linear extrapolation below 0 and above 1.
    static let startGradient = Int(GFK_BEZIER_START_GRADIENT), endGradient = Int(GFK_BEZIER_END_GRADIENT)
    /// 1 when x1 == y1 and x2 == y2: X(u) == Y(u), so the curve is the identity.
    static let identity = Int(GFK_BEZIER_IDENTITY)
    /// u at x = i / inverseCells, i in 0...inverseCells: the cells' brackets.
    static let inverse = Int(GFK_BEZIER_INVERSE)
    /// 4 per cell: the cubic first guess of u in the cell, c0 NaN where the full solve runs
    /// instead of one Newton step.
    static let guess = Int(GFK_BEZIER_GUESS)
    /// The block's length.
    static let count = Int(GFK_BEZIER_COUNT)
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
    let block = [Double](unsafeUninitializedCapacity: Parameter.count) { buffer, initialized in
      buffer.initialize(repeating: 0)
      if let base = buffer.baseAddress { gfk_bezier_build(x1, y1, x2, y2, base) }
      initialized = Parameter.count
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

  /// Evaluates the curve at every x of `input` into `output` (`count` values; the two may be
  /// the same memory): the C kernel's batch loop, 4 values per instruction with AVX2.
  func evaluate(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>, count: Int) {
    parameters.values.withUnsafeBufferPointer { block in
      guard let base = block.baseAddress, block.count == Parameter.count, count > 0 else { return }
      gfk_bezier_eval_n(base, input, output, count)
    }
  }

  /// Evaluates the curve described by the parameter block at `p` (``Parameter/count``
  /// doubles) at `x`.
  ///
  /// - Complexity: O(1): one table read and one Newton step (a full solve in flagged cells).
  @inline(__always)
  static func evaluate(_ x: Double, _ p: UnsafePointer<Double>) -> Double {
    gfk_bezier_eval(p, x)
  }

  /// X(u), for tests.
  func sampleX(_ u: Double) -> Double {
    let v = parameters.values
    return ((v[Parameter.ax] * u + v[Parameter.bx]) * u + v[Parameter.cx]) * u
  }

  /// u for x in (0, 1) by the safeguarded full solve, for tests.
  func solveCurveX(_ x: Double) -> Double {
    parameters.values.withUnsafeBufferPointer { block in
      guard let base = block.baseAddress, block.count == Parameter.count else { return x }
      return gfk_bezier_solve_exact(base, x)
    }
  }

  /// Whether the table cell holding x in (0, 1) runs the full solve, for tests.
  func isFallbackCell(_ x: Double) -> Bool {
    guard x > 0 && x < 1 else { return false }
    let cell = min(max(Int(x * Double(Self.inverseCells)), 0), Self.inverseCells - 1)
    return parameters.values[Parameter.guess + 4 * cell].isNaN
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
