import GhostframeCore

/// A scene driven by a host value (a scroll offset, a pull distance, a slider) instead of the
/// clock.
///
/// An input range `[a, b]` maps onto a time range `[t0, t1]`: the input is clamped to the range,
/// normalised to `u = (v − a) / (b − a)`, eased through an optional ``/GhostframeCore/Curve``
/// (none is linear) and mapped to `t = t0·(1 − e) + t1·e`, which gives `t0` and `t1` exactly at
/// the range ends. ``sample(at:)`` is `scene.sample(at: time(at: v))`: the same call, so the
/// result is bit for bit the scene's at the mapped time.
///
/// When the host lets go, ``release(at:value:velocity:rest:)`` hands the value to a damped
/// spring (``/GhostframeCore/Spring``'s closed form) that brings it back to rest from its current
/// value and velocity; ``sample(atClock:)`` then follows the spring on the clock.
///
/// The scene may hold animations, groups, or a timeline applied to it: the scrub only chooses
/// the time at which it is sampled.
public struct Scrub: Sendable {
  /// Where the host let go and how the spring carries the value from there.
  public struct Release: Sendable, Hashable {
    /// The host clock time of the release, in seconds.
    public let hostTime: Double
    /// The input value at the release.
    public let value: Double
    /// The input velocity at the release, in input units per second.
    public let velocity: Double
    /// The input value the spring comes to rest at.
    public let rest: Double
  }

  /// The scene that is sampled.
  public let scene: Scene
  /// The input range's lower end `a` (finite, < ``inputUpper``).
  public let inputLower: Double
  /// The input range's upper end `b` (finite, > ``inputLower``).
  public let inputUpper: Double
  /// The scene time at `a` (finite).
  public let timeStart: Double
  /// The scene time at `b` (finite; may be below ``timeStart`` to play backwards).
  public let timeEnd: Double
  /// The easing from the normalised input to the normalised time; `nil` is linear.
  public let curve: Curve?
  /// The spring's physics (mass, stiffness, damping, overdamping); its initial velocity is unused.
  public let spring: Spring
  /// The last release, or `nil` while the host holds the value.
  public private(set) var release: Release?

  /// The spring at rest with zero initial velocity, and the same spring with unit initial
  /// velocity: together they give the motion from any displacement and velocity (the
  /// equation is linear).
  private let still: Spring
  private let pushed: Spring

  /// Creates a scrub.
  ///
  /// - Parameters:
  ///   - scene: The scene to sample.
  ///   - inputRange: `(a, b)`, finite with `a < b`.
  ///   - timeRange: `(t0, t1)`, finite.
  ///   - curve: The easing of the normalised input; `nil` (the default) is linear.
  ///   - spring: The spring that brings a released value back to rest; `nil` (the default) is
  ///     critically damped, m = 1, k = 100, c = 20 (ζ = 1): back without overshoot in about 0.7 s.
  /// - Throws: `.invalidArgument` for an inverted or empty input range, or any NaN or infinity.
  public init(
    scene: Scene, inputRange: (Double, Double), timeRange: (Double, Double), curve: Curve? = nil,
    spring: Spring? = nil
  ) throws(GhostframeError) {
    let physics: Spring
    if let spring { physics = spring } else { physics = try Spring(mass: 1, stiffness: 100, damping: 20) }
    let (a, b) = inputRange
    let (t0, t1) = timeRange
    guard a.isFinite, b.isFinite else {
      throw .invalid("scrub: the input range must be finite, got (\(a), \(b))")
    }
    guard a < b else {
      throw .invalid("scrub: the input range (\(a), \(b)) is inverted or empty; it needs a < b")
    }
    guard t0.isFinite, t1.isFinite else {
      throw .invalid("scrub: the time range must be finite, got (\(t0), \(t1))")
    }
    guard (b - a).isFinite else {
      throw .invalid("scrub: the input range (\(a), \(b)) is too wide: b − a overflows")
    }
    self.scene = scene
    self.inputLower = a
    self.inputUpper = b
    self.timeStart = t0
    self.timeEnd = t1
    self.curve = curve
    self.spring = physics
    self.still = try Spring(
      mass: physics.mass, stiffness: physics.stiffness, damping: physics.damping, initialVelocity: 0,
      allowsOverdamping: physics.allowsOverdamping)
    self.pushed = try Spring(
      mass: physics.mass, stiffness: physics.stiffness, damping: physics.damping, initialVelocity: 1,
      allowsOverdamping: physics.allowsOverdamping)
  }

  /// The scene time for input `v`: clamped to the input range, eased, mapped.
  ///
  /// - Throws: `.invalidArgument` when `v` is NaN or infinite, or when the time range maps the
  ///   eased value past the largest double (a curve overshooting [0, 1] with ends near it);
  ///   `.callback` when the curve is a host curve that returns a non-finite value.
  /// - Complexity: O(1), allocating nothing.
  public func time(at v: Double) throws(GhostframeError) -> Double {
    guard v.isFinite else { throw .invalid("scrub: the input value must be finite, got \(v)") }
    return try mappedTime(v)
  }

  /// The mapping itself, for a finite `v`.
  private func mappedTime(_ v: Double) throws(GhostframeError) -> Double {
    let clamped = min(max(v, inputLower), inputUpper)
    let u = (clamped - inputLower) / (inputUpper - inputLower)
    let e = try curve?.checkedValue(at: u) ?? u
    // This form is exact at both ends: e = 0 gives t0, e = 1 gives t1.
    let t = timeStart * (1 - e) + timeEnd * e
    // A curve that overshoots [0, 1] (a back or elastic easing, a cubic-bezier's y past 0 or 1,
    // a host curve) carries a time range near the largest double past it; which inputs it does
    // depends on the curve, so this is found here, where t is computed.
    guard t.isFinite else {
      throw .invalid(
        "scrub: the time range (\(timeStart), \(timeEnd)) overflows at input \(v): the curve gives \(e), "
          + "which maps past the largest double")
    }
    return t
  }

  /// The scene's layer states at input `v`: `scene.sample(at: time(at: v))`.
  ///
  /// - Throws: `.invalidArgument` for a NaN or infinite `v`; `.callback` when a host curve (the
  ///   scrub's or the scene's) fails.
  public func sample(at v: Double) throws(GhostframeError) -> [LayerState] {
    try Self.states(of: scene, at: try time(at: v))
  }

  /// Writes the scene's layer states at input `v` into `states`, allocating nothing once the
  /// scene is compiled.
  ///
  /// - Throws: `.invalidArgument` for a NaN or infinite `v`; `.bufferTooSmall` when `states` holds
  ///   fewer than the scene's ``/GhostframeCore/Scene/count`` (nothing written); `.callback` when a
  ///   host curve fails.
  public func sample(at v: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    try scene.sample(at: try time(at: v), into: states)
  }

  /// Lets go of the value: from `hostTime` on, a spring carries it from `value` (moving at
  /// `velocity`) to `rest`.
  ///
  /// - Parameters:
  ///   - hostTime: The clock time of the release, in seconds.
  ///   - value: The input value at the release (may lie outside the input range).
  ///   - velocity: d value / dt at the release, in input units per second.
  ///   - rest: The value to come to rest at; `nil` is the input range's lower end `a`.
  /// - Throws: `.invalidArgument` when any number is NaN or infinite, or when the spring's
  ///   motion could carry the value past the largest double (bounded by its energy, which never grows);
  ///   the scrub is then unchanged.
  public mutating func release(
    at hostTime: Double, value: Double, velocity: Double, rest: Double? = nil
  ) throws(GhostframeError) {
    let rest = rest ?? inputLower
    guard hostTime.isFinite, value.isFinite, velocity.isFinite, rest.isFinite, (value - rest).isFinite else {
      throw .invalid(
        "scrub: release needs finite numbers, got time \(hostTime), value \(value), velocity \(velocity), rest \(rest)")
    }
    let (low, high) = reach(from: value, velocity: velocity, rest: rest)
    guard low.isFinite, high.isFinite else {
      throw .invalid(
        "scrub: release from value \(value) at velocity \(velocity) to rest \(rest) overflows: the spring "
          + "(mass \(spring.mass), stiffness \(spring.stiffness), damping \(spring.damping)) can carry it past the "
          + "largest double")
    }
    release = Release(hostTime: hostTime, value: value, velocity: velocity, rest: rest)
  }

  /// Bounds of the values a release from `value` at `velocity` to `rest` passes through: `rest`
  /// plus the displacement `x(τ) = u0·d0(τ) + v·d1(τ)`, `u0 = value − rest`. The spring's energy
  /// never grows, so `|x| ≤ √(u0² + (v/ω0)²)` (ω0 = √(k/m)); a spring that does not oscillate
  /// (ζ ≥ 1) has `d0` in [0, 1] and `d1` in [0, 1/ω0], so it stays between the nearer bounds.
  /// Each bound is widened by 1e-9 of its terms and of the velocity for the closed form's
  /// rounding; a bound past the largest double is infinite.
  func reach(from value: Double, velocity: Double, rest: Double) -> (low: Double, high: Double) {
    let u0 = value - rest
    let pushed = velocity / spring.undampedAngularFrequency
    let slack = 1e-9 * velocity.magnitude
    let down: Double, up: Double
    if spring.dampingRatio < 1 {
      // √(u0² + p²), scaled so that the squares cannot overflow.
      let scale = max(u0.magnitude, pushed.magnitude)
      let radius = scale == 0 ? 0 : scale * ((u0 / scale) * (u0 / scale) + (pushed / scale) * (pushed / scale)).squareRoot()
      (down, up) = (-radius, radius)
    } else {
      (down, up) = (min(0, u0) + min(0, pushed), max(0, u0) + max(0, pushed))
    }
    // rest first: a displacement as large as the rest's magnitude, towards 0, stays finite.
    return (rest + down + 1e-9 * down - slack, rest + up + 1e-9 * up + slack)
  }

  /// Takes the value back into the host's hands (forgets the release).
  public mutating func grab() {
    release = nil
  }

  /// The released value at clock time `t`: the release value before the release, then
  /// `rest + u0·(1 − s0(τ)) + v·(s1(τ) − s0(τ))` with `τ = t − hostTime`, `u0 = value − rest`,
  /// and `s0`, `s1` the spring's closed form with initial velocity 0 and 1.
  ///
  /// - Throws: `.invalidArgument` for a NaN or infinite `t`, when nothing was released, or when
  ///   the value overflows (which ``release(at:value:velocity:rest:)`` refuses beforehand).
  public func value(atClock t: Double) throws(GhostframeError) -> Double {
    guard t.isFinite else { throw .invalid("scrub: the clock time must be finite, got \(t)") }
    guard let release else {
      throw .invalid("scrub: nothing was released; call release(at:value:velocity:) first")
    }
    let tau = t - release.hostTime
    guard tau > 0 else { return release.value }
    let s0 = still.value(at: tau)
    let s1 = pushed.value(at: tau)
    let value = release.rest + (release.value - release.rest) * (1 - s0) + release.velocity * (s1 - s0)
    // release(at:) refused motions that could overflow; this guards the closed form's rounding.
    guard value.isFinite else {
      throw .invalid("scrub: the released value overflows at clock time \(t) (released at \(release.hostTime))")
    }
    return value
  }

  /// The scene's layer states at clock time `t` after a release: `sample(at: value(atClock: t))`.
  ///
  /// - Throws: As ``value(atClock:)``; `.callback` when a host curve fails.
  public func sample(atClock t: Double) throws(GhostframeError) -> [LayerState] {
    try Self.states(of: scene, at: try mappedTime(try value(atClock: t)))
  }

  /// `scene`'s states at `t`, a host curve's failure thrown (``/GhostframeCore/Scene/sample(at:)``
  /// does not report one).
  private static func states(of scene: Scene, at t: Double) throws(GhostframeError) -> [LayerState] {
    var states = [LayerState](repeating: LayerState(), count: scene.count)
    try states.withUnsafeMutableBufferPointer { (buffer) throws(GhostframeError) in try scene.sample(at: t, into: buffer) }
    return states
  }

  /// Writes the layer states at clock time `t` after a release into `states`.
  ///
  /// - Throws: As ``value(atClock:)``, `.bufferTooSmall`, or `.callback` when a host curve fails.
  public func sample(atClock t: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    try scene.sample(at: try mappedTime(try value(atClock: t)), into: states)
  }
}
