import Foundation
import GhostframeCore
import GhostframeTestSupport
import GhostframeTimeline

/// Independent references for the chain tests: the spring's closed form and its settling time by a
/// second algorithm (a backwards scan, then bisection), and a cubic bezier solved by bisection.
enum ChainReference {
  /// x(t) of the default spring (m 1, k 100, c 10, v0 0): β = 5, ωd = √75,
  /// `1 − e^(−βt)(cos ωd t + (β/ωd) sin ωd t)`.
  static func spring(_ t: Double) -> Double {
    guard t > 0 else { return 0 }
    let beta = 5.0, omegaD = 75.0.squareRoot()
    return 1 - Foundation.exp(-beta * t) * (Foundation.cos(omegaD * t) + beta / omegaD * Foundation.sin(omegaD * t))
  }

  /// The last time |x(t) − 1| ≥ 1e-3, found by scanning back from 5 s in 1e-4 s steps and
  /// bisecting the step that crosses (to 1e-14 s). Agrees with the engine's exact settling to
  /// the bisection's width plus the scan's assumption that no excursion hides inside one step.
  static let settling: Double = {
    var t = 5.0
    while abs(spring(t) - 1) < 1e-3 { t -= 1e-4 }
    var low = t, high = t + 1e-4
    while high - low > 1e-14 {
      let middle = (low + high) / 2
      if abs(spring(middle) - 1) >= 1e-3 { low = middle } else { high = middle }
    }
    return high
  }()

  /// The y of `cubic-bezier(x1, y1, x2, y2)` at x (``ReferenceBezier``: bisection on x(s)).
  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    ReferenceBezier.value(x1, y1, x2, y2, at: x)
  }

  /// Core Animation's easeOut, (0, 0, 0.58, 1).
  static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, x) }
}

/// Collects completions in order (callbacks are not Sendable, and tests run one chain per test).
final class CompletionLog {
  var entries: [ChainCompletion] = []
}
