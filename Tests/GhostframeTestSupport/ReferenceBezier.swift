/// Cubic-bezier curves solved by bisection on x(s) (100 halvings: the parameter is as exact as a
/// Double allows), then y at that parameter: a second algorithm beside the engine's Newton
/// iteration, for the closed forms tests check the engine against.
package enum ReferenceBezier {
  /// `cubic-bezier(x1, y1, x2, y2)` at progress `x`, clamped to [0, 1].
  package static func value(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<100 {
      let mid = (low + high) / 2
      if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return coordinate(y1, y2, (low + high) / 2)
  }

  /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
  package static func easeIn(_ x: Double) -> Double { value(0.42, 0, 1, 1, at: x) }
  /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
  package static func easeOut(_ x: Double) -> Double { value(0, 0, 0.58, 1, at: x) }
  /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1).
  package static func easeInOut(_ x: Double) -> Double { value(0.42, 0, 0.58, 1, at: x) }
}
