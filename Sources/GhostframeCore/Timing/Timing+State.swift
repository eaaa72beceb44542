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
    let raw = kernel.evaluate(at: localTime)
    guard raw.resolved else {
      return TimingState(phase: raw.phase, activeTime: nil, currentIteration: nil, progress: nil)
    }
    return TimingState(
      phase: raw.phase, activeTime: raw.activeTime, currentIteration: raw.currentIteration,
      progress: easing(raw.directed, beforeFlag: raw.beforeFlag))
  }

  /// ``state(at:)``, throwing when a host curve easing fails there.
  ///
  /// - Throws: ``GhostframeError/Code/callback`` when the easing is a host curve that returned a
  ///   non-finite value (the message names the curve).
  public func checkedState(at localTime: Double) throws(GhostframeError) -> TimingState {
    guard easing.hostCurve != nil else { return state(at: localTime) }
    return try HostCallbackFailure.checking { () throws(GhostframeError) in state(at: localTime) }
  }

  /// The timing's numbers as a kernel.
  var kernel: TimingKernel {
    TimingKernel(delay: delay, endDelay: endDelay, duration: duration, iterations: iterations,
                 iterationStart: iterationStart, direction: direction, fill: fill, playbackRate: playbackRate,
                 timeOffset: timeOffset, timeScale: timeScale)
  }
}
