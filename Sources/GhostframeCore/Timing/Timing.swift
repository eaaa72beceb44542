/// When an animation runs and how its progress moves: the Web Animations Level 1 effect
/// timing model, extended by Core Animation's wrapping time offset.
///
/// A timing is a pure function from local time to ``TimingState``; it keeps no clock.
/// Times are in seconds by convention, but nothing depends on the unit.
///
/// Build one from Web Animations parameters with ``init(duration:delay:endDelay:iterations:iterationStart:direction:fill:easing:playbackRate:timeOffset:timeScale:)``
/// or from Core Animation parameters with ``coreAnimation(duration:beginTime:speed:timeOffset:repeatCount:repeatDuration:autoreverses:fillMode:easing:)``.
///
/// **The local-time rule.** A timing's delays, durations and time offset are in the parent's
/// time (the scene's, or the enclosing group's own time). An animation's own time within its current iteration is
/// `progress × duration × timeScale`, where `progress` is the transformed progress (after
/// direction and easing); for an infinite duration, where progress never moves, it is the
/// active time × `timeScale`. Basic, keyframe and transition animations read only the
/// progress; a spring runs its physics at that time, and a group times its children in it
/// (so they are clipped to `[0, duration × timeScale]`). This is Core Animation's
/// `t = (t_parent − beginTime) × speed + timeOffset`, with `speed` as the time scale.
public struct Timing: Sendable, Hashable {
  /// Time before the active interval starts; may be negative.
  public let delay: Double
  /// Time after the active interval ends; may be negative, which cuts the interval.
  public let endDelay: Double
  /// The duration of one iteration, `>= 0`; `.infinity` allowed.
  public let duration: Double
  /// The number of iterations, `>= 0`; fractional and `.infinity` allowed.
  public let iterations: Double
  /// Where in the iteration sequence the effect starts, `>= 0`.
  public let iterationStart: Double
  /// The direction of successive iterations.
  public let direction: PlaybackDirection
  /// Whether the effect holds values outside the active interval.
  public let fill: FillMode
  /// The curve applied to each iteration's directed progress.
  public let easing: Curve
  /// The playback rate; only its sign is read, to break ties at phase boundaries.
  public let playbackRate: Double
  /// Core Animation's `timeOffset` in local time, `>= 0`: the active interval starts this
  /// far in and wraps around, keeping its length. `0` for pure Web Animations timing.
  public let timeOffset: Double
  /// How many seconds of the animation's own time pass per second of this timing's time,
  /// finite and `> 0`: Core Animation's `speed`, which ``coreAnimation(duration:beginTime:speed:timeOffset:repeatCount:repeatDuration:autoreverses:fillMode:easing:)``
  /// also divides the durations by. It changes no phase or progress; it sets the time a
  /// spring's physics and a group's children see (see the local-time rule above). `1` for
  /// pure Web Animations timing.
  public let timeScale: Double

  /// Creates a timing from Web Animations parameters.
  ///
  /// - Parameters:
  ///   - duration: The iteration duration, `>= 0` (`.infinity` allowed).
  ///   - delay: The start delay; finite, may be negative.
  ///   - endDelay: The end delay; finite, may be negative.
  ///   - iterations: The iteration count, `>= 0`; fractional or `.infinity` allowed.
  ///   - iterationStart: The iteration start, finite and `>= 0`.
  ///   - direction: The playback direction.
  ///   - fill: The fill mode.
  ///   - easing: The curve applied to each iteration.
  ///   - playbackRate: Finite and non-zero; its sign breaks boundary ties.
  ///   - timeOffset: A wrapping offset into the active interval, finite and `>= 0`.
  ///   - timeScale: The animation's own seconds per second of this timing's time, finite
  ///     and `> 0`.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` naming the first bad parameter.
  public init(
    duration: Double, delay: Double = 0, endDelay: Double = 0, iterations: Double = 1,
    iterationStart: Double = 0, direction: PlaybackDirection = .normal, fill: FillMode = .none,
    easing: Curve = .linear, playbackRate: Double = 1, timeOffset: Double = 0, timeScale: Double = 1
  ) throws(GhostframeError) {
    guard !duration.isNaN, duration >= 0 else {
      throw .invalid("duration must be >= 0 (got \(duration))")
    }
    guard delay.isFinite else { throw .invalid("delay must be finite (got \(delay))") }
    guard endDelay.isFinite else { throw .invalid("end delay must be finite (got \(endDelay))") }
    guard !iterations.isNaN, iterations >= 0 else {
      throw .invalid("iterations must be >= 0 (got \(iterations))")
    }
    guard iterationStart.isFinite, iterationStart >= 0 else {
      throw .invalid("iteration start must be finite and >= 0 (got \(iterationStart))")
    }
    guard playbackRate.isFinite, playbackRate != 0 else {
      throw .invalid("playback rate must be finite and non-zero (got \(playbackRate))")
    }
    guard timeOffset.isFinite, timeOffset >= 0 else {
      throw .invalid("time offset must be finite and >= 0 (got \(timeOffset))")
    }
    guard timeScale.isFinite, timeScale > 0 else {
      throw .invalid("time scale must be finite and > 0 (got \(timeScale))")
    }
    self.delay = delay
    self.endDelay = endDelay
    self.duration = duration
    self.iterations = iterations
    self.iterationStart = iterationStart
    self.direction = direction
    self.fill = fill
    self.easing = easing
    self.playbackRate = playbackRate
    self.timeOffset = timeOffset
    self.timeScale = timeScale
  }

  /// The length of the active interval: `duration × iterations`, or 0 when either is 0.
  public var activeDuration: Double {
    duration == 0 || iterations == 0 ? 0 : duration * iterations
  }

  /// When the effect ends: `max(delay + activeDuration + endDelay, 0)`.
  public var endTime: Double {
    max(delay + activeDuration + endDelay, 0)
  }
}
