extension Timing {
  /// The computed timing at a local time, by the Web Animations Level 1 algorithm
  /// (phases with playback-rate tie-breaks, active time, overall and simple iteration
  /// progress, current iteration, directed and transformed progress with the before flag).
  ///
  /// A non-zero ``timeOffset`` shifts the active time and wraps it modulo the active
  /// duration; the final value after the interval is the one approached from below at the
  /// wrapped end point, as Core Animation shows it.
  ///
  /// - Parameter localTime: The effect's local time. NaN gives an unresolved state.
  /// - Returns: The phase, and the active time, current iteration and progress, each `nil`
  ///   where the model leaves it unresolved.
  /// - Complexity: O(1), plus one easing evaluation.
  public func state(at localTime: Double) -> TimingState {
    let active = activeDuration
    let end = endTime
    let beforeActive = max(min(delay, end), 0)
    let activeAfter = max(min(delay + active, end), 0)
    let backwards = playbackRate < 0
    let phase: TimingPhase
    if localTime < beforeActive || (backwards && localTime == beforeActive) {
      phase = .before
    } else if localTime > activeAfter || (!backwards && localTime == activeAfter) {
      phase = .after
    } else if localTime.isNaN {
      return TimingState(phase: .before, activeTime: nil, currentIteration: nil, progress: nil)
    } else {
      phase = .active
    }

    guard let rawActiveTime = activeTime(at: localTime, phase: phase, activeDuration: active) else {
      return TimingState(phase: phase, activeTime: nil, currentIteration: nil, progress: nil)
    }
    let atEnd = phase != .before && rawActiveTime == active
    let activeTime = offsetActiveTime(rawActiveTime, activeDuration: active)

    let overall: Double
    if duration == 0 {
      overall = (phase == .before ? 0 : iterations) + iterationStart
    } else {
      overall = activeTime / duration + iterationStart
    }
    var simple = overall.isInfinite
      ? iterationStart.truncatingRemainder(dividingBy: 1)
      : overall - overall.rounded(.down)
    if simple == 0 && atEnd && iterations != 0 {
      simple = 1
    }
    let currentIteration: Double
    if phase == .after && iterations == .infinity {
      currentIteration = .infinity
    } else if simple == 1 {
      currentIteration = overall.rounded(.down) - 1
    } else {
      currentIteration = overall.rounded(.down)
    }

    let forwards = isForwards(iteration: currentIteration)
    let directed = forwards ? simple : 1 - simple
    let beforeFlag = (phase == .before && forwards) || (phase == .after && !forwards)
    let progress = easing(directed, beforeFlag: beforeFlag)
    return TimingState(
      phase: phase, activeTime: activeTime, currentIteration: currentIteration, progress: progress)
  }

  /// The active time of the Web Animations model, before any time offset.
  private func activeTime(at localTime: Double, phase: TimingPhase, activeDuration: Double) -> Double? {
    switch phase {
    case .before:
      return fill == .backwards || fill == .both ? max(localTime - delay, 0) : nil
    case .active:
      return localTime - delay
    case .after:
      return fill == .forwards || fill == .both
        ? max(min(localTime - delay, activeDuration), 0) : nil
    }
  }

  /// Applies Core Animation's wrapping time offset to an active time.
  private func offsetActiveTime(_ activeTime: Double, activeDuration: Double) -> Double {
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
      return d.truncatingRemainder(dividingBy: 2) == 0
    }
  }
}
