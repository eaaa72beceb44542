/// A cubic bezier from (0, 0) to (1, 1) in power form, its parameter found by a safeguarded
/// Newton solve: what the planner's check evaluates, thousands of times per channel. Within
/// 1e-12 of ``Bezier``'s bisection (the writers' reference, which it replaces only in the
/// check) wherever x′ is not nearly flat at the answer; independent of the engine's solver.
struct SolvedBezier: Sendable {
  /// x(s) = ((ax s + bx) s + cx) s, and y(s) alike.
  private let ax: Double, bx: Double, cx: Double
  private let ay: Double, by: Double, cy: Double

  /// The curve with control points (x1, y1) and (x2, y2); x1 and x2 in [0, 1] make x monotone.
  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  /// dx/ds.
  func slope(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The parameter in [0, 1] where x(s) = x: Newton steps kept inside a bracket that every
  /// evaluation narrows (a bisection wherever a step would leave it, or x′ vanishes), until a
  /// step moves s by at most 1e-15 or the bracket is that narrow.
  func parameter(atX x: Double) -> Double {
    if !(x > 0) { return 0 }
    if x >= 1 { return 1 }
    var low = 0.0, high = 1.0
    var s = x
    for _ in 0..<100 {
      let f = self.x(s) - x
      if f == 0 { return s }
      if f < 0 { low = s } else { high = s }
      var next = s - f / slope(s)
      if !(next > low && next < high) { next = low + (high - low) / 2 }
      if abs(next - s) <= 1e-15 || high - low <= 1e-15 { return next }
      s = next
    }
    return s
  }

  /// The eased progress at x (0 before 0, 1 after 1).
  func y(atX x: Double) -> Double {
    if !(x > 0) { return 0 }
    if x >= 1 { return 1 }
    return y(parameter(atX: x))
  }
}
