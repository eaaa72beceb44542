extension Spring {
  /// The exact settling time: the first time after which the position stays within
  /// `epsilon` of the target for good, `inf { T ≥ 0 : |x(t) − 1| < ε for all t ≥ T }`.
  ///
  /// Computed without time stepping. The error e(t) = x(t) − 1 is monotone between
  /// consecutive extrema of x, which the closed form gives directly. For an underdamped
  /// spring the extrema t_k are evenly spaced and |e(t_k)| decays exponentially, so the
  /// last extremum with |e| ≥ ε follows from a logarithm (checked against the real
  /// values); critically damped and overdamped springs have at most one extremum followed
  /// by a monotone tail. The answer is then bracketed between the last extremum with
  /// |e| ≥ ε and the next point where |e| < ε, and bisected to adjacent Doubles.
  ///
  /// Since x(0) = 0, the result is always > 0.
  ///
  /// - Parameter epsilon: The tolerance as a fraction of the distance, in (0, 1).
  /// - Returns: The settling time in seconds.
  /// Exact for every positive damping that settles within ``largestSettlingDuration``: where a
  /// hardly damped spring's extrema are so late that its phase can no longer be evaluated (damping
  /// near 1e-12 and below), the extremum is chosen from the closed-form envelope, so the result is
  /// within one half-period π/ωd of the exact time (and the nearest Double once half-periods are
  /// below its spacing).
  ///
  /// - Throws: `.invalidArgument` if `epsilon` is not finite or outside (0, 1), or if damping is 0
  ///   (never settles); `.limit` if the settling time exceeds ``largestSettlingDuration`` (or
  ///   the decay rate underflows to 0).
  /// - Complexity: O(1): a bounded number of closed-form evaluations.
  public func settlingDuration(epsilon: Double = 1e-3) throws(GhostframeError) -> Double {
    guard epsilon.isFinite && epsilon > 0 && epsilon < 1 else {
      throw .invalid("settling duration: epsilon must be finite and in (0, 1), got \(epsilon)")
    }
    guard damping > 0 else {
      throw .invalid("spring: damping 0 never settles")
    }
    switch motion {
    case .underdamped(let beta, let omegaD, let b, let q):
      return try underdampedSettling(epsilon, beta: beta, omegaD: omegaD, b: b, q: q)
    case .critical(let omega, let a):
      // v(t) = e^(−ωt)(v0 + ω·a·t) vanishes once, at −v0/(ω·a), if that is positive.
      let extremum = -initialVelocity / (omega * a)
      return try monotoneTailSettling(epsilon, extremum: extremum, timeScale: 1 / omega)
    case .overdamped(let s1, let s2, let c1, let c2):
      // v(t) = c1·s1·e^(s1 t) + c2·s2·e^(s2 t) vanishes where e^((s1 − s2)t) = −c2·s2/(c1·s1).
      let ratio = -(c2 * s2) / (c1 * s1)
      let extremum = ratio > 0 ? Elementary.log(ratio) / (s1 - s2) : -1
      return try monotoneTailSettling(epsilon, extremum: extremum, timeScale: -1 / s1)
    }
  }

  /// |x(t) − 1|.
  @inline(__always)
  private func error(at t: Double) -> Double { abs(value(at: t) - 1) }

  /// The largest settling time reported: the largest finite Double (about 1.8e308 s).
  public static let largestSettlingDuration = Double.greatestFiniteMagnitude

  /// A settling time past ``largestSettlingDuration``.
  private static func tooLong(_ detail: String) -> GhostframeError {
    GhostframeError(.limit, "spring: the settling time exceeds the largest duration, \(largestSettlingDuration) s (\(detail))")
  }

  /// The underdamped case: extrema at t_k = (kπ − ψ)/ωd with |e(t_k)| = C·e^(−β t_k).
  private func underdampedSettling(
    _ epsilon: Double, beta: Double, omegaD: Double, b: Double, q: Double
  ) throws(GhostframeError) -> Double {
    guard beta > 0 else { throw Self.tooLong("the decay rate underflows to 0") }
    // v(t) = e^(−βt)·R·sin(ωd t + ψ) with R cos ψ = q, R sin ψ = v0.
    let psi = Elementary.atan2(initialVelocity, q)
    func extremum(_ k: Double) -> Double { (k * .pi - psi) / omegaD }
    // At t_k, cos ωd t + b sin ωd t = ±(cos ψ − b sin ψ).
    let amplitude = abs(Elementary.cos(psi) - b * Elementary.sin(psi))
    // The first positive extremum; earlier indices stand for the start, t = 0.
    var first = psi < 0 ? 0.0 : 1.0
    if extremum(first) <= 0 { first += 1 }

    // Last k with C·e^(−β t_k) ≥ ε: t_k ≤ ln(C/ε)/β.
    let limit = Elementary.log(amplitude / epsilon) / beta
    var k = first - 1
    var estimated = first - 1
    if limit >= 0 {
      guard limit.isFinite else { throw Self.tooLong("the envelope reaches ε at \(limit) s") }
      // Half-periods below the spacing of Doubles at ln(C/ε)/β (damping near 1e-16 and below):
      // T is within one of it, so that Double is the answer (and k = ωd·T/π may not fit).
      if .pi / omegaD < limit.ulp { return limit }
      let estimate = ((omegaD * limit + psi) / .pi).rounded(.down)
      guard limit.isFinite && estimate.isFinite else {
        throw Self.tooLong("the settling time overflows")
      }
      k = max(estimate, first - 1)
      estimated = k
    }
    // |e(t_k)| = C·e^(−β t_k) from the closed form, not from evaluating x at t_k: for damping near
    // 0 the phase ωd·t_k is too large to evaluate to the precision that tells extrema apart.
    func qualifies(_ k: Double) -> Bool { k < first || amplitude * Elementary.exp(-beta * extremum(k)) >= epsilon }
    // The estimate is off by rounding only; confirm it against the real error.
    for _ in 0..<4 {
      guard qualifies(k + 1) else { break }
      k += 1
    }
    for _ in 0..<64 {
      guard !qualifies(k) else { break }
      k -= 1
    }
    // Only reachable where extrema are closer than Doubles resolve (k ± 64 is one t_k): the
    // estimate is the answer to that precision.
    if !qualifies(k) { k = estimated }
    let lower = k < first ? 0 : extremum(k)
    let upper = extremum(max(k + 1, first))
    guard upper.isFinite else { throw Self.tooLong("the settling time overflows") }
    return bisect(epsilon, lower: lower, upper: upper)
  }

  /// Critically damped and overdamped: at most one extremum, then e decays monotonically.
  private func monotoneTailSettling(
    _ epsilon: Double, extremum: Double, timeScale: Double
  ) throws(GhostframeError) -> Double {
    let hasExtremum = extremum.isFinite && extremum > 0
    var lower = 0.0
    if hasExtremum {
      // e is monotone on [0, t*]: if |e(t*)| < ε the crossing is there.
      if error(at: extremum) < epsilon { return bisect(epsilon, lower: 0, upper: extremum) }
      lower = extremum
    }
    // Monotone tail after `lower`: grow a bracket geometrically.
    guard timeScale.isFinite && timeScale > 0 else {
      throw Self.tooLong("the decay rate underflows to 0")
    }
    var step = timeScale
    var upper = lower + step
    for _ in 0..<2_200 {
      guard upper.isFinite else { break }
      if error(at: upper) < epsilon { return bisect(epsilon, lower: lower, upper: upper) }
      lower = upper
      step *= 2
      upper = lower + step
    }
    throw Self.tooLong("the settling time overflows")
  }

  /// Bisects a bracket with |e(lower)| ≥ ε and |e(upper)| < ε on which e is monotone,
  /// down to adjacent Doubles, and returns the upper end: the first time that settles.
  private func bisect(_ epsilon: Double, lower: Double, upper: Double) -> Double {
    var lower = lower, upper = upper
    for _ in 0..<2_100 {
      let middle = lower + (upper - lower) / 2
      guard middle > lower && middle < upper else { break }
      if error(at: middle) >= epsilon { lower = middle } else { upper = middle }
    }
    return upper
  }
}
