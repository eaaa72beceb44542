/// A spring used as an easing curve: progress x ∈ [0, 1] maps to the spring's position
/// at x·T, where T is its settling time for ε = 1e-3.
struct SpringCurve: Sendable, Hashable {
  /// The tolerance that fixes the time scale.
  static let epsilon = 1e-3

  /// The spring.
  let spring: Spring
  /// Its settling duration for `epsilon`, > 0.
  let duration: Double

  /// Creates the curve, computing the settling duration once.
  ///
  /// - Throws: `.invalidArgument` if the spring never settles.
  init(_ spring: Spring) throws(GhostframeError) {
    self.spring = spring
    duration = try spring.settlingDuration(epsilon: Self.epsilon)
  }

  /// `x <= 0` gives exactly 0, `x >= 1` exactly 1 (the spring is cut off where it has
  /// settled to within 1e-3), NaN gives NaN.
  @inline(__always)
  func callAsFunction(_ x: Double) -> Double {
    if x >= 1 { return 1 }
    guard x > 0 else { return x.isNaN ? x : 0 }
    return spring.value(at: x * duration)
  }

  static func == (lhs: SpringCurve, rhs: SpringCurve) -> Bool { lhs.spring == rhs.spring }

  func hash(into hasher: inout Hasher) { hasher.combine(spring) }
}
