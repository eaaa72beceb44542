extension Timing {
  /// The duration Core Animation uses when an animation's `duration` is 0.
  public static let coreAnimationDefaultDuration = 0.25

  /// Creates a timing from Core Animation (`CAMediaTiming`) parameters, mapped onto the
  /// Web Animations model.
  ///
  /// Local times passed to ``state(at:)`` are the parent's times, as Core Animation's
  /// `t_active = (t_parent − beginTime) × speed + timeOffset` reads them. The mapping:
  /// `beginTime` becomes the delay; `speed` divides every duration and becomes the
  /// ``timeScale``, so the animation's own time still runs from 0 to `duration` in each
  /// iteration (a group's children and a spring see it); `autoreverses` becomes
  /// the `alternate` direction with two iterations per cycle (so 1.5 repeats end on the
  /// to-value); `repeatCount` and `repeatDuration` set the iteration count (when both are
  /// set the shorter interval wins, a case Core Animation leaves undefined); `timeOffset`
  /// becomes a wrapping offset that keeps the active interval's length.
  ///
  /// - Parameters:
  ///   - duration: The basic duration, `>= 0`; 0 means Core Animation's 0.25 s.
  ///   - beginTime: When the animation starts in the parent's time; finite.
  ///   - speed: The time scale, finite and `> 0`.
  ///   - timeOffset: The start point in the animation's active time, finite and `>= 0`.
  ///   - repeatCount: Cycles to play, `>= 0`, fractional or `.infinity`; 0 means once.
  ///   - repeatDuration: Active time to play, `>= 0` or `.infinity`; 0 means unused.
  ///   - autoreverses: Whether each cycle plays forwards, then backwards.
  ///   - fillMode: The fill mode (`.none` is `kCAFillModeRemoved`).
  ///   - easing: The timing function (Core Animation's `nil` is ``Curve/linear``).
  /// - Returns: The equivalent timing.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` naming the first bad parameter.
  public static func coreAnimation(
    duration: Double, beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: FillMode = .none, easing: Curve = .linear
  ) throws(GhostframeError) -> Timing {
    guard duration.isFinite, duration >= 0 else {
      throw .invalid("duration must be finite and >= 0 (got \(duration))")
    }
    guard beginTime.isFinite else { throw .invalid("begin time must be finite (got \(beginTime))") }
    guard speed.isFinite, speed > 0 else {
      throw .invalid("speed must be finite and > 0 (got \(speed)); to pause, sample one fixed time")
    }
    guard timeOffset.isFinite, timeOffset >= 0 else {
      throw .invalid("time offset must be finite and >= 0 (got \(timeOffset))")
    }
    guard !repeatCount.isNaN, repeatCount >= 0 else {
      throw .invalid("repeat count must be >= 0 (got \(repeatCount))")
    }
    guard !repeatDuration.isNaN, repeatDuration >= 0 else {
      throw .invalid("repeat duration must be >= 0 (got \(repeatDuration))")
    }
    let basic = duration == 0 ? coreAnimationDefaultDuration : duration
    let legsPerCycle: Double = autoreverses ? 2 : 1
    // Iterations count legs (one basic duration each); a Core Animation cycle is 1 or 2 legs.
    let countLegs = (repeatCount > 0 ? repeatCount : 1) * legsPerCycle
    let iterations: Double
    if repeatDuration > 0 {
      let durationLegs = repeatDuration / basic
      iterations = repeatCount > 0 ? min(countLegs, durationLegs) : durationLegs
    } else {
      iterations = countLegs
    }
    guard iterations.isFinite || iterations == .infinity else {
      throw .invalid("repeat count and repeat duration give no iteration count")
    }
    return try Timing(
      duration: basic / speed, delay: beginTime, iterations: iterations,
      direction: autoreverses ? .alternate : .normal, fill: fillMode, easing: easing,
      timeOffset: timeOffset / speed, timeScale: speed)
  }
}
