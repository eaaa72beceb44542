internal import _GhostframeKernels

/// Robert Penner's easing equations, named as on easings.net.
///
/// Each maps progress p to eased progress with exactly `f(0) = 0` and `f(1) = 1`. The formulas
/// are Penner's originals (back overshoot s = 1.70158, s·1.525 for in-out; elastic
/// amplitude 1 with period 0.3, 0.45 for in-out; bounce with n = 7.5625, d = 2.75).
///
/// Inputs outside [0, 1] evaluate the same formula as is, without clamping: polynomial
/// easings keep growing, and bounce, elastic and in-out easings use whichever branch the
/// input selects. Circular easings, whose formula has no value there (the square root of a
/// negative number), hold their end values: 0 below 0 and 1 above 1, so an overshooting
/// effect easing never turns them into NaN. Infinite inputs give ±infinity; nothing traps.
public enum PennerEasing: String, Sendable, CaseIterable {
  // Raw values are the case names, which are the easings.net names.
  /// `1 − cos(pπ/2)`.
  case easeInSine
  /// `sin(pπ/2)`.
  case easeOutSine
  /// `(1 − cos(pπ))/2`.
  case easeInOutSine
  /// `p²`.
  case easeInQuad
  /// `1 − (1 − p)²`.
  case easeOutQuad
  /// `2p²` below ½, else `1 − (2 − 2p)²/2`.
  case easeInOutQuad
  /// `p³`.
  case easeInCubic
  /// `1 − (1 − p)³`.
  case easeOutCubic
  /// `4p³` below ½, else `1 − (2 − 2p)³/2`.
  case easeInOutCubic
  /// `p⁴`.
  case easeInQuart
  /// `1 − (1 − p)⁴`.
  case easeOutQuart
  /// `8p⁴` below ½, else `1 − (2 − 2p)⁴/2`.
  case easeInOutQuart
  /// `p⁵`.
  case easeInQuint
  /// `1 − (1 − p)⁵`.
  case easeOutQuint
  /// `16p⁵` below ½, else `1 − (2 − 2p)⁵/2`.
  case easeInOutQuint
  /// `2^(10(p − 1))`, exactly 0 at p = 0.
  case easeInExpo
  /// `1 − 2^(−10p)`, exactly 1 at p = 1.
  case easeOutExpo
  /// The two expo halves, exactly 0 at p = 0 and 1 at p = 1.
  case easeInOutExpo
  /// `1 − √(1 − p²)`.
  case easeInCirc
  /// `√(1 − (p − 1)²)`.
  case easeOutCirc
  /// The two circular halves.
  case easeInOutCirc
  /// `p²((s + 1)p − s)`, s = 1.70158: undershoots by about 10 %.
  case easeInBack
  /// `(p − 1)²((s + 1)(p − 1) + s) + 1`: overshoots by about 10 %.
  case easeOutBack
  /// The two back halves with s·1.525.
  case easeInOutBack
  /// `−2^(10(p − 1))·sin((p − 1 − s)·2π/P)`, P = 0.3, s = P/4.
  case easeInElastic
  /// `2^(−10p)·sin((p − s)·2π/P) + 1`, P = 0.3, s = P/4.
  case easeOutElastic
  /// The two elastic halves with P = 0.45.
  case easeInOutElastic
  /// `1 − easeOutBounce(1 − p)`.
  case easeInBounce
  /// Four parabolic bounces (n = 7.5625, d = 2.75).
  case easeOutBounce
  /// The two bounce halves.
  case easeInOutBounce

  /// The circular easings: their formulas inside (0, 1), end values outside, NaN for NaN.
  private func circular(_ p: Double) -> Double {
    guard p > 0 && p < 1 else { return p.isNaN ? p : p <= 0 ? 0 : 1 }
    switch self {
    case .easeInCirc: return 1 - (1 - p * p).squareRoot()
    case .easeOutCirc: return (1 - (p - 1) * (p - 1)).squareRoot()
    default:
      let u = 2 * p
      return u < 1
        ? (1 - (1 - u * u).squareRoot()) / 2
        : ((1 - (u - 2) * (u - 2)).squareRoot() + 1) / 2
    }
  }

  /// Evaluates the easing at `p`. Never traps; NaN gives NaN.
  ///
  /// - Parameter p: Progress, normally in [0, 1].
  /// - Returns: Eased progress.
  func callAsFunction(_ p: Double) -> Double {
    // Exact end points: 1 − cos(π/2) and the back polynomials miss them by an ulp or two.
    if p == 0 { return 0 }
    if p == 1 { return 1 }
    switch self {
    case .easeInSine: return 1 - Elementary.cos(p * .pi / 2)
    case .easeOutSine: return Elementary.sin(p * .pi / 2)
    case .easeInOutSine: return (1 - Elementary.cos(p * .pi)) / 2
    case .easeInQuad: return Self.easeIn(p, power: 2)
    case .easeOutQuad: return Self.easeOut(p, power: 2)
    case .easeInOutQuad: return Self.easeInOut(p, power: 2)
    case .easeInCubic: return Self.easeIn(p, power: 3)
    case .easeOutCubic: return Self.easeOut(p, power: 3)
    case .easeInOutCubic: return Self.easeInOut(p, power: 3)
    case .easeInQuart: return Self.easeIn(p, power: 4)
    case .easeOutQuart: return Self.easeOut(p, power: 4)
    case .easeInOutQuart: return Self.easeInOut(p, power: 4)
    case .easeInQuint: return Self.easeIn(p, power: 5)
    case .easeOutQuint: return Self.easeOut(p, power: 5)
    case .easeInOutQuint: return Self.easeInOut(p, power: 5)
    case .easeInExpo: return p == 0 ? 0 : Elementary.exp2(10 * (p - 1))
    case .easeOutExpo: return p == 1 ? 1 : 1 - Elementary.exp2(-10 * p)
    case .easeInOutExpo:
      if p == 0 { return 0 }
      if p == 1 { return 1 }
      return p < 0.5 ? Elementary.exp2(20 * p - 10) / 2 : (2 - Elementary.exp2(10 - 20 * p)) / 2
    case .easeInCirc, .easeOutCirc, .easeInOutCirc:
      return circular(p)
    case .easeInBack: return Self.inBack(p, s: Self.backOvershoot)
    case .easeOutBack:
      let s = Self.backOvershoot
      let q = p - 1
      return q * q * ((s + 1) * q + s) + 1
    case .easeInOutBack:
      let s = Self.backOvershoot * 1.525
      let u = 2 * p
      if u < 1 { return Self.inBack(u, s: s) / 2 }
      let v = u - 2
      return (v * v * ((s + 1) * v + s) + 2) / 2
    case .easeInElastic: return 1 - Self.outElastic(1 - p)
    case .easeOutElastic: return Self.outElastic(p)
    case .easeInOutElastic: return Self.inOutElastic(p)
    case .easeInBounce: return 1 - Self.outBounce(1 - p)
    case .easeOutBounce: return Self.outBounce(p)
    case .easeInOutBounce:
      return p < 0.5 ? (1 - Self.outBounce(1 - 2 * p)) / 2 : (1 + Self.outBounce(2 * p - 1)) / 2
    }
  }
}

extension PennerEasing {
  /// Penner's back overshoot, about 10 %.
  static let backOvershoot = 1.70158

  static func easeIn(_ p: Double, power: Int) -> Double { pow(p, power) }

  static func easeOut(_ p: Double, power: Int) -> Double { 1 - pow(1 - p, power) }

  static func easeInOut(_ p: Double, power: Int) -> Double {
    p < 0.5 ? pow(2, power - 1) * pow(p, power) : 1 - pow(2 - 2 * p, power) / 2
  }

  /// `x^n` for a small n ≥ 0 by repeated multiplication (exact for the powers of 2 used here).
  @inline(__always)
  static func pow(_ x: Double, _ n: Int) -> Double {
    var result = 1.0
    for _ in 0..<max(n, 0) { result *= x }
    return result
  }

  static func inBack(_ p: Double, s: Double) -> Double { p * p * ((s + 1) * p - s) }

  static func outElastic(_ p: Double) -> Double {
    if p == 0 || p == 1 { return p }
    let period = 0.3
    let shift = period / 4
    return Elementary.exp2(-10 * p) * Elementary.sin((p - shift) * (2 * .pi) / period) + 1
  }

  static func inOutElastic(_ p: Double) -> Double {
    if p == 0 || p == 1 { return p }
    let period = 0.45
    let shift = period / 4
    let u = 2 * p
    let wave = Elementary.sin((u - 1 - shift) * (2 * .pi) / period)
    return u < 1
      ? -0.5 * Elementary.exp2(10 * (u - 1)) * wave
      : 0.5 * Elementary.exp2(-10 * (u - 1)) * wave + 1
  }

  static func outBounce(_ p: Double) -> Double {
    let n = 7.5625, d = 2.75
    if p < 1 / d { return n * p * p }
    if p < 2 / d {
      let q = p - 1.5 / d
      return n * q * q + 0.75
    }
    if p < 2.5 / d {
      let q = p - 2.25 / d
      return n * q * q + 0.9375
    }
    let q = p - 2.625 / d
    return n * q * q + 0.984375
  }
}

extension PennerEasing {
  /// The case's number in the C kernel (declaration order, as GFK_PENNER_* counts).
  var kernelIndex: Int32 {
    switch self {
    case .easeInSine: 0
    case .easeOutSine: 1
    case .easeInOutSine: 2
    case .easeInQuad: 3
    case .easeOutQuad: 4
    case .easeInOutQuad: 5
    case .easeInCubic: 6
    case .easeOutCubic: 7
    case .easeInOutCubic: 8
    case .easeInQuart: 9
    case .easeOutQuart: 10
    case .easeInOutQuart: 11
    case .easeInQuint: 12
    case .easeOutQuint: 13
    case .easeInOutQuint: 14
    case .easeInExpo: 15
    case .easeOutExpo: 16
    case .easeInOutExpo: 17
    case .easeInCirc: 18
    case .easeOutCirc: 19
    case .easeInOutCirc: 20
    case .easeInBack: 21
    case .easeOutBack: 22
    case .easeInOutBack: 23
    case .easeInElastic: 24
    case .easeOutElastic: 25
    case .easeInOutElastic: 26
    case .easeInBounce: 27
    case .easeOutBounce: 28
    case .easeInOutBounce: 29
    }
  }

  /// Evaluates the easing at `count` inputs (NaN gives the input; `input` and `output` may be the
  /// same memory). The kind is chosen once for the batch: the C kernel's loop for the polynomial,
  /// circular, back and bounce easings (bit for bit the formulas above, vectorised with AVX2), one
  /// Swift loop per kind for the ones that call libm.
  func evaluate(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>, count: Int) {
    guard count > 0 else { return }
    if gfk_penner_eval_n(kernelIndex, input, output, count) != 0 { return }
    switch self {
    case .easeInSine: Self.loop(input, output, count) { 1 - Elementary.cos($0 * .pi / 2) }
    case .easeOutSine: Self.loop(input, output, count) { Elementary.sin($0 * .pi / 2) }
    case .easeInOutSine: Self.loop(input, output, count) { (1 - Elementary.cos($0 * .pi)) / 2 }
    case .easeInExpo: Self.loop(input, output, count) { Elementary.exp2(10 * ($0 - 1)) }
    case .easeOutExpo: Self.loop(input, output, count) { 1 - Elementary.exp2(-10 * $0) }
    case .easeInElastic: Self.loop(input, output, count) { 1 - Self.outElastic(1 - $0) }
    case .easeOutElastic: Self.loop(input, output, count) { Self.outElastic($0) }
    case .easeInOutElastic: Self.loop(input, output, count) { Self.inOutElastic($0) }
    default: Self.loop(input, output, count) { self($0) }
    }
  }

  /// `output[i] = formula(input[i])` with ``callAsFunction(_:)``'s exact end points and NaN
  /// passed through.
  @inline(__always)
  private static func loop(
    _ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>, _ count: Int,
    _ formula: (Double) -> Double
  ) {
    for i in 0..<count {
      let p = input[i]
      output[i] = p.isNaN ? p : p == 0 ? 0 : p == 1 ? 1 : formula(p)
    }
  }
}
