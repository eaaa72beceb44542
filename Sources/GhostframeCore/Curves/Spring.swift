/// A damped harmonic oscillator that moves a normalized position from 0 to 1, in
/// physical seconds, as Core Animation's `CASpringAnimation` does.
///
/// With ω0 = √(k/m), ζ = c/(2√(km)) and β = c/(2m), the position is the closed form
/// ```
/// under (ζ < 1): x(t) = 1 − e^(−βt)·(cos ωd·t + ((β − v0)/ωd)·sin ωd·t),  ωd = ω0√(1 − ζ²)
/// critical:      x(t) = 1 − e^(−ω0·t)·(1 + (ω0 − v0)·t)
/// over (ζ > 1):  x(t) = 1 + c1·e^(s1·t) + c2·e^(s2·t),  s1,2 = ω0(−ζ ± √(ζ² − 1))
/// ```
/// Like Core Animation, an overdamped spring (ζ > 1) moves as a critically damped one
/// with the same ω0 unless `allowsOverdamping` is set.
public struct Spring: Sendable, Hashable {
  /// The mass m of the moving object, finite and > 0.
  public let mass: Double
  /// The spring constant k, finite and > 0.
  public let stiffness: Double
  /// The damping coefficient c, finite and ≥ 0.
  public let damping: Double
  /// The velocity at t = 0 in units of the whole distance per second, positive toward the target.
  public let initialVelocity: Double
  /// Whether ζ > 1 moves as a true overdamped oscillator rather than as a critically damped one.
  public let allowsOverdamping: Bool

  /// ω0, cached.
  private let omega0: Double
  /// ζ, cached.
  private let zeta: Double
  /// The closed form and its constants, cached.
  let motion: Motion

  /// The closed form a spring follows, with its precomputed constants.
  enum Motion: Sendable {
    /// `1 − e^(−β t)(cos ωd t + b sin ωd t)`; `q = β·b + ωd` is the sine factor of the velocity.
    case underdamped(beta: Double, omegaD: Double, b: Double, q: Double)
    /// `1 − e^(−ω t)(1 + a t)` with `a = ω − v0`.
    case critical(omega: Double, a: Double)
    /// `1 + c1 e^(s1 t) + c2 e^(s2 t)`, s2 < s1 < 0.
    case overdamped(s1: Double, s2: Double, c1: Double, c2: Double)
  }

  /// Creates a validated spring.
  ///
  /// - Parameters:
  ///   - mass: The mass m, finite and > 0.
  ///   - stiffness: The spring constant k, finite and > 0.
  ///   - damping: The damping coefficient c, finite and ≥ 0.
  ///   - initialVelocity: The normalized velocity at t = 0, finite.
  ///   - allowsOverdamping: Whether ζ > 1 moves as a true overdamped oscillator.
  /// - Throws: `.invalidArgument` naming the field when a value is out of range, or when
  ///   the values are so extreme that ω0, ζ or the closed-form constants overflow.
  public init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
    allowsOverdamping: Bool = false
  ) throws(GhostframeError) {
    guard mass.isFinite && mass > 0 else {
      throw .invalid("spring: mass must be finite and > 0, got \(mass)")
    }
    guard stiffness.isFinite && stiffness > 0 else {
      throw .invalid("spring: stiffness must be finite and > 0, got \(stiffness)")
    }
    guard damping.isFinite && damping >= 0 else {
      throw .invalid("spring: damping must be finite and >= 0, got \(damping)")
    }
    guard initialVelocity.isFinite else {
      throw .invalid("spring: initial velocity must be finite, got \(initialVelocity)")
    }
    let omega0 = (stiffness / mass).squareRoot()
    guard omega0.isFinite && omega0 > 0 else {
      throw .invalid(
        "spring: stiffness \(stiffness) / mass \(mass) gives an undamped angular frequency of \(omega0)")
    }
    // √k·√m cannot overflow where k·m could.
    let zeta = (damping / 2) / (stiffness.squareRoot() * mass.squareRoot())
    guard zeta.isFinite else {
      throw .invalid("spring: damping \(damping) gives a non-finite damping ratio for mass \(mass) and stiffness \(stiffness)")
    }
    let v0 = initialVelocity
    let motion: Motion
    if zeta < 1 {
      let beta = (damping / 2) / mass
      let omegaD = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
      let b = (beta - v0) / omegaD
      motion = .underdamped(beta: beta, omegaD: omegaD, b: b, q: beta * b + omegaD)
    } else if zeta == 1 || !allowsOverdamping {
      motion = .critical(omega: omega0, a: omega0 - v0)
    } else {
      // √(ζ−1)·√(ζ+1) cannot overflow; s1 = ω0²/s2 avoids the cancellation in −ζ + √(ζ²−1).
      let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
      let s2 = -omega0 * (zeta + root)
      let s1 = -omega0 / (zeta + root)
      let gap = s2 - s1
      motion = .overdamped(s1: s1, s2: s2, c1: (-s2 - v0) / gap, c2: (s1 + v0) / gap)
    }
    guard motion.isFinite else {
      throw .invalid(
        "spring: initial velocity \(v0) or damping \(damping) is too large: the closed form overflows")
    }
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = v0
    self.allowsOverdamping = allowsOverdamping
    self.omega0 = omega0
    self.zeta = zeta
    self.motion = motion
  }

  /// The damping ratio ζ = c / (2√(km)): < 1 oscillates, 1 is critical, > 1 is overdamped.
  public var dampingRatio: Double { zeta }

  /// The undamped angular frequency ω0 = √(k/m), in radians per second.
  public var undampedAngularFrequency: Double { omega0 }

  /// The normalized position at time `t`: 0 at the start, tending to 1.
  ///
  /// Never traps: `t <= 0` gives 0, `t = +∞` gives 1, NaN gives NaN. For a finite `t`
  /// so late that ωd·t overflows (only reachable with damping at or near 0) it gives 1.
  ///
  /// - Parameter t: Time in seconds since the start.
  /// - Returns: The position, 0 → 1 (may overshoot).
  /// - Complexity: O(1).
  public func value(at t: Double) -> Double {
    guard t > 0 else { return t.isNaN ? t : 0 }
    if t == .infinity { return 1 }
    switch motion {
    case .underdamped(let beta, let omegaD, let b, _):
      let decay = Elementary.exp(-beta * t)
      // Fully decayed: skip the trigonometry, which loses meaning for huge t.
      if decay == 0 { return 1 }
      let phase = omegaD * t
      // An overflowing phase (hardly damped, astronomically late) has no meaningful
      // value left: report the rest position rather than NaN.
      guard phase.isFinite else { return 1 }
      return 1 - decay * (Elementary.cos(phase) + b * Elementary.sin(phase))
    case .critical(let omega, let a):
      let decay = Elementary.exp(-omega * t)
      if decay == 0 { return 1 }
      return 1 - decay * (1 + a * t)
    case .overdamped(let s1, let s2, let c1, let c2):
      return 1 + c1 * Elementary.exp(s1 * t) + c2 * Elementary.exp(s2 * t)
    }
  }

  /// The velocity d value / dt at time `t`, in normalized units per second.
  ///
  /// Never traps: `t < 0` gives 0, `t = 0` gives `initialVelocity`, `t = +∞` gives 0,
  /// NaN gives NaN. For a finite `t` so late that ωd·t overflows it gives 0.
  ///
  /// - Parameter t: Time in seconds since the start.
  /// - Returns: The velocity.
  /// - Complexity: O(1).
  public func velocity(at t: Double) -> Double {
    guard t > 0 else {
      if t.isNaN { return t }
      return t == 0 ? initialVelocity : 0
    }
    if t == .infinity { return 0 }
    switch motion {
    case .underdamped(let beta, let omegaD, _, let q):
      let decay = Elementary.exp(-beta * t)
      if decay == 0 { return 0 }
      let phase = omegaD * t
      guard phase.isFinite else { return 0 }
      return decay * (initialVelocity * Elementary.cos(phase) + q * Elementary.sin(phase))
    case .critical(let omega, let a):
      let decay = Elementary.exp(-omega * t)
      if decay == 0 { return 0 }
      return decay * (initialVelocity + omega * a * t)
    case .overdamped(let s1, let s2, let c1, let c2):
      return c1 * s1 * Elementary.exp(s1 * t) + c2 * s2 * Elementary.exp(s2 * t)
    }
  }

  /// Springs are equal when their parameters are; the cached constants follow from them.
  public static func == (lhs: Spring, rhs: Spring) -> Bool {
    lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
      && lhs.initialVelocity == rhs.initialVelocity && lhs.allowsOverdamping == rhs.allowsOverdamping
  }

  /// Hashes the parameters.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(mass)
    hasher.combine(stiffness)
    hasher.combine(damping)
    hasher.combine(initialVelocity)
    hasher.combine(allowsOverdamping)
  }
}

extension Spring.Motion {
  /// Whether every constant is finite.
  var isFinite: Bool {
    switch self {
    case .underdamped(let beta, let omegaD, let b, let q):
      return beta.isFinite && omegaD.isFinite && b.isFinite && q.isFinite && omegaD > 0
    case .critical(let omega, let a):
      return omega.isFinite && a.isFinite
    case .overdamped(let s1, let s2, let c1, let c2):
      return s1.isFinite && s2.isFinite && c1.isFinite && c2.isFinite && s2 < s1
    }
  }
}
