/// One segment of a keyframe spline: the cubic Hermite curve from `p0` to `p1` with the
/// tangents `m0` and `m1` (each `width` components), and its arc length, which the
/// `cubicPaced` mode moves along at constant speed.
///
/// The compiler and the sampler share these functions, so the arc-length table built once
/// and the lengths measured while sampling agree to the last bit.
enum KeyframeSpline {
  /// Sub-intervals per segment in the arc-length table (before the splits at the speed's
  /// minima): the sampler brackets a length in one of them, then solves inside it.
  static let subdivisions = 16

  /// The point at `u` ∈ [0, 1] (or beyond, extrapolating the cubic).
  @inline(__always)
  static func value(
    at u: Double, p0: UnsafePointer<Double>, m0: UnsafePointer<Double>, p1: UnsafePointer<Double>,
    m1: UnsafePointer<Double>, width: Int, into out: UnsafeMutablePointer<Double>
  ) {
    let u2 = u * u, u3 = u2 * u
    let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
    for c in 0..<width { out[c] = h00 * p0[c] + h10 * m0[c] + h01 * p1[c] + h11 * m1[c] }
  }

  /// The speed |dP/du| at `u`.
  @inline(__always)
  static func speed(
    at u: Double, p0: UnsafePointer<Double>, m0: UnsafePointer<Double>, p1: UnsafePointer<Double>,
    m1: UnsafePointer<Double>, width: Int
  ) -> Double {
    let u2 = u * u
    let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1, d11 = 3 * u2 - 2 * u
    var sum = 0.0
    for c in 0..<width {
      let d = d00 * (p0[c] - p1[c]) + d10 * m0[c] + d11 * m1[c]
      sum += d * d
    }
    return sum.squareRoot()
  }

  /// The arc length from `a` to `b`: 5-point Gauss–Legendre quadrature of the speed. The
  /// table's pieces (at most 1/16 of a segment, split where the speed has a minimum, so a
  /// speed that touches 0 does so only at a piece's end) keep the speed smooth inside, where
  /// the rule is accurate to about 1e-10 of the length.
  static func arcLength(
    from a: Double, to b: Double, p0: UnsafePointer<Double>, m0: UnsafePointer<Double>,
    p1: UnsafePointer<Double>, m1: UnsafePointer<Double>, width: Int
  ) -> Double {
    let half = (b - a) / 2, middle = (a + b) / 2
    let x1 = 0.538_469_310_105_683_1, x2 = 0.906_179_845_938_664_0
    let w0 = 0.568_888_888_888_888_9, w1 = 0.478_628_670_499_366_5, w2 = 0.236_926_885_056_189_1
    func f(_ u: Double) -> Double { speed(at: u, p0: p0, m0: m0, p1: p1, m1: m1, width: width) }
    let sum = w0 * f(middle) + w1 * (f(middle - half * x1) + f(middle + half * x1))
      + w2 * (f(middle - half * x2) + f(middle + half * x2))
    return sum * half
  }

  /// The parameters in (0, 1) where the squared speed |dP/du|² has a local minimum: there
  /// the speed may touch 0 (a one-dimensional path turning back, a cusp) and its square root
  /// has a kink that quadrature must not straddle. The squared speed is a quartic, so these
  /// are roots of a cubic: found by bisection between the cubic's own turning points.
  static func speedMinima(
    p0: UnsafePointer<Double>, m0: UnsafePointer<Double>, p1: UnsafePointer<Double>, m1: UnsafePointer<Double>,
    width: Int
  ) -> [Double] {
    // dP/du = A u² + B u + C per component; d|dP/du|²/du / 2 = Σ (A u² + B u + C)(2A u + B).
    var c3 = 0.0, c2 = 0.0, c1 = 0.0, c0 = 0.0
    for c in 0..<width {
      let a = 6 * (p0[c] - p1[c]) + 3 * m0[c] + 3 * m1[c]
      let b = -6 * (p0[c] - p1[c]) - 4 * m0[c] - 2 * m1[c]
      let k = m0[c]
      c3 += 2 * a * a
      c2 += 3 * a * b
      c1 += b * b + 2 * a * k
      c0 += b * k
    }
    func slope(_ u: Double) -> Double { ((c3 * u + c2) * u + c1) * u + c0 }
    // The cubic is monotone between the roots of its derivative 3c3 u² + 2c2 u + c1.
    var cuts = [0.0, 1.0]
    let qa = 3 * c3, qb = 2 * c2, qc = c1
    if qa != 0 {
      let discriminant = qb * qb - 4 * qa * qc
      if discriminant >= 0 {
        let root = discriminant.squareRoot()
        for u in [(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)] where u > 0 && u < 1 { cuts.append(u) }
      }
    } else if qb != 0 {
      let u = -qc / qb
      if u > 0 && u < 1 { cuts.append(u) }
    }
    cuts.sort()
    var minima: [Double] = []
    for (low, high) in zip(cuts, cuts.dropFirst()) {
      var (a, b) = (low, high)
      let (fa, fb) = (slope(a), slope(b))
      // A minimum of the square: the slope goes from negative to positive.
      guard fa < 0, fb > 0 else { continue }
      for _ in 0..<60 {
        let middle = (a + b) / 2
        if slope(middle) < 0 { a = middle } else { b = middle }
      }
      let u = (a + b) / 2
      if u > 0 && u < 1 { minima.append(u) }
    }
    return minima
  }

  /// The parameter u in [a, b] at which the arc length from `a` reaches `target`
  /// (0 ≤ target ≤ `length`, the length of [a, b]): Newton's method on the length, kept in a
  /// shrinking bracket by bisection where a step would leave it (where the speed vanishes).
  /// At most 48 evaluations of the length, without allocating.
  static func parameter(
    atLength target: Double, from a: Double, to b: Double, length: Double, p0: UnsafePointer<Double>,
    m0: UnsafePointer<Double>, p1: UnsafePointer<Double>, m1: UnsafePointer<Double>, width: Int
  ) -> Double {
    guard length > 0, target > 0 else { return a }
    guard target < length else { return b }
    var low = a, high = b
    var u = a + (b - a) * (target / length)
    // Converged when the length is right to a few ulps of the sub-interval's length.
    let tolerance = length * 0x1p-50
    for _ in 0..<48 {
      let error = arcLength(from: a, to: u, p0: p0, m0: m0, p1: p1, m1: m1, width: width) - target
      if abs(error) <= tolerance { break }
      if error > 0 { high = u } else { low = u }
      let slope = speed(at: u, p0: p0, m0: m0, p1: p1, m1: m1, width: width)
      var next = u - error / slope
      if !(next > low && next < high) { next = (low + high) / 2 }
      if next == u { break }
      u = next
    }
    return u
  }
}
