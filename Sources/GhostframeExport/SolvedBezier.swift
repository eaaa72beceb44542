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

  /// x at parameter s.
  func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  /// y at parameter s.
  func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  /// dx/ds.
  func slope(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The parameter in [0, 1] where x(s) = x (``solve(_:)``'s).
  func parameter(atX x: Double) -> Double { solve(x).parameter }

  /// The parameter in [0, 1] where x(s) = x, and how many times x(s) was evaluated: Newton
  /// steps kept inside a bracket that every evaluation narrows (a bisection wherever a step
  /// would leave it, or x′ vanishes), until a Newton step is at most 1e-15 (tested before the
  /// bracket: converging from one side, the last step may land on the bracket's end) or the
  /// bracket is that narrow: about 5 evaluations for the named curves (at most 12), where a
  /// bisection takes 64.
  func solve(_ x: Double) -> (parameter: Double, evaluations: Int) {
    if !(x > 0) { return (0, 0) }
    if x >= 1 { return (1, 0) }
    var low = 0.0, high = 1.0
    var s = x
    for k in 1...100 {
      let f = self.x(s) - x
      if f == 0 { return (s, k) }
      if f < 0 { low = s } else { high = s }
      let step = f / slope(s)
      if abs(step) <= 1e-15 { return (min(max(s - step, low), high), k) }
      var next = s - step
      if !(next > low && next < high) { next = low + (high - low) / 2 }
      if high - low <= 1e-15 { return (next, k) }
      s = next
    }
    return (s, 100)
  }

  /// The eased progress at x (0 before 0, 1 after 1).
  func y(atX x: Double) -> Double {
    if !(x > 0) { return 0 }
    if x >= 1 { return 1 }
    return y(parameter(atX: x))
  }
}
