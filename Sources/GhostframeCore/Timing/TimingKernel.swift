/// The numbers of a ``Timing`` and the Web Animations algorithm over them, without the
/// easing: a plain value that the sampler can store in flat arrays and walk without
/// reference counting. ``Timing/state(at:)`` is this plus the easing, so both paths run the
/// same code.
struct TimingKernel: Sendable, Hashable {
  let delay: Double
  let duration: Double
  let iterations: Double
  let iterationStart: Double
  let direction: PlaybackDirection
  let fill: FillMode
  let backwards: Bool
  let timeOffset: Double
  let activeDuration: Double
  let beforeActive: Double
  let activeAfter: Double
  /// The time scale (Core Animation's speed), and one iteration in the animation's own time.
  let timeScale: Double
  let localDuration: Double

  /// The state before easing: `directed` is the directed progress the easing reads.
  struct State {
    var phase: TimingPhase
    var resolved: Bool
    var activeTime: Double
    var currentIteration: Double
    var directed: Double
    var beforeFlag: Bool
  }

  init(delay: Double, endDelay: Double, duration: Double, iterations: Double, iterationStart: Double,
       direction: PlaybackDirection, fill: FillMode, playbackRate: Double, timeOffset: Double,
       timeScale: Double = 1) {
    self.delay = delay
    self.duration = duration
    self.iterations = iterations
    self.iterationStart = iterationStart
    self.direction = direction
    self.fill = fill
    backwards = playbackRate < 0
    self.timeOffset = timeOffset
    let active = duration == 0 || iterations == 0 ? 0 : duration * iterations
    activeDuration = active
    let end = max(delay + active + endDelay, 0)
    beforeActive = max(min(delay, end), 0)
    activeAfter = max(min(delay + active, end), 0)
    self.timeScale = timeScale
    localDuration = duration * timeScale
  }

  /// The animation's own time within its iteration, by the one local-time rule of
  /// ``Timing``: the transformed progress × duration × time scale, or for an iteration that
  /// never ends (progress stays put) the active time × time scale.
  @inline(__always)
  func localTime(progress: Double, activeTime: Double) -> Double {
    localDuration.isFinite ? progress * localDuration : activeTime * timeScale
  }

  /// The Web Animations Level 1 computed timing at `localTime`, before easing (see
  /// ``Timing/state(at:)`` for the rules, the time offset included).
  @inline(__always)
  func evaluate(at localTime: Double) -> State {
    let phase: TimingPhase
    if localTime < beforeActive || (backwards && localTime == beforeActive) {
      phase = .before
    } else if localTime > activeAfter || (!backwards && localTime == activeAfter) {
      phase = .after
    } else if localTime.isNaN {
      return State(phase: .before, resolved: false, activeTime: .nan, currentIteration: .nan, directed: .nan,
                   beforeFlag: false)
    } else {
      phase = .active
    }
    let rawActiveTime: Double
    switch phase {
    case .before:
      guard fill == .backwards || fill == .both else { return unresolved(phase) }
      rawActiveTime = max(localTime - delay, 0)
    case .active:
      rawActiveTime = localTime - delay
    case .after:
      guard fill == .forwards || fill == .both else { return unresolved(phase) }
      rawActiveTime = max(min(localTime - delay, activeDuration), 0)
    }
    let atEnd = phase != .before && rawActiveTime == activeDuration
    let activeTime = offset(rawActiveTime)

    let overall = duration == 0
      ? (phase == .before ? 0 : iterations) + iterationStart
      : activeTime / duration + iterationStart
    let whole = Self.floor(overall)
    var simple = overall.isInfinite
      ? iterationStart - Self.floor(iterationStart)
      : overall - whole
    if simple == 0 && atEnd && iterations != 0 {
      simple = 1
    }
    let currentIteration: Double
    if phase == .after && iterations == .infinity {
      currentIteration = .infinity
    } else if simple == 1 {
      currentIteration = whole - 1
    } else {
      currentIteration = whole
    }
    let forwards = isForwards(iteration: currentIteration)
    return State(
      phase: phase, resolved: true, activeTime: activeTime, currentIteration: currentIteration,
      directed: forwards ? simple : 1 - simple,
      beforeFlag: (phase == .before && forwards) || (phase == .after && !forwards))
  }

  /// ⌊x⌋ by truncation where that is exact (0 ≤ x < 2^52), which baseline x86-64 does in
  /// one instruction; libm's floor elsewhere (negative, huge or non-finite x).
  @inline(__always)
  static func floor(_ x: Double) -> Double {
    x >= 0 && x < 4_503_599_627_370_496 ? Double(Int64(x)) : x.rounded(.down)
  }

  private func unresolved(_ phase: TimingPhase) -> State {
    State(phase: phase, resolved: false, activeTime: .nan, currentIteration: .nan, directed: .nan, beforeFlag: false)
  }

  /// Core Animation's wrapping time offset applied to an active time.
  private func offset(_ activeTime: Double) -> Double {
    guard timeOffset != 0, activeDuration > 0 else { return activeTime }
    guard activeDuration.isFinite else { return activeTime + timeOffset }
    let shifted = (activeTime + timeOffset).truncatingRemainder(dividingBy: activeDuration)
    // The end of the interval is approached from below: it shows the wrapped end point.
    return shifted == 0 && activeTime == activeDuration ? activeDuration : shifted
  }

  /// Whether the iteration plays forwards under the playback direction.
  private func isForwards(iteration: Double) -> Bool {
    switch direction {
    case .normal: return true
    case .reverse: return false
    case .alternate, .alternateReverse:
      guard iteration.isFinite else { return true }
      let d = direction == .alternateReverse ? iteration + 1 : iteration
      // Parity without fmod: d is a whole number here.
      let half = d * 0.5
      return half == Self.floor(half)
    }
  }
}
