import GhostframeCore

/// A CSS animation's timing (`animation-duration`, `-delay`, `-iteration-count`, `-direction`,
/// `-fill-mode`), mapped 1:1 from an attached animation's outermost timing, and evaluated here
/// by the Web Animations model as a browser does (independently of the engine's kernel), so
/// the planner can check the document against the scene's sampler.
struct CSSTiming: Hashable, Sendable {
  var delay: Double
  var duration: Double
  var iterations: Double
  var direction: PlaybackDirection
  var fill: FillMode

  /// The timing of an attached animation, or nil where CSS has no such timing: a time offset,
  /// an iteration start, a negative playback rate or end delay (a positive end delay changes
  /// nothing a document shows), an infinite duration. An animation removed on completion
  /// shows nothing afterwards: its fill drops `forwards`.
  init?(_ timing: Timing, removedOnCompletion: Bool) {
    guard timing.duration.isFinite, timing.duration >= 0, timing.delay.isFinite, timing.timeOffset == 0,
          timing.iterationStart == 0, timing.playbackRate > 0, timing.endDelay >= 0, !timing.iterations.isNaN,
          timing.iterations >= 0 else { return nil }
    delay = timing.delay
    duration = timing.duration
    iterations = timing.iterations
    direction = timing.direction
    var fill = timing.fill
    if removedOnCompletion {
      switch fill {
      case .forwards: fill = .none
      case .both: fill = .backwards
      case .none, .backwards: break
      }
    }
    self.fill = fill
  }

  /// The directed progress (before the keyframes' easing) at document time `t`, or nil where
  /// the animation has no effect: Web Animations' phases, overall and simple iteration
  /// progress, current iteration and direction, with playback rate 1 and iteration start 0.
  func directedProgress(at t: Double) -> Double? { progress(at: t)?.directed }

  /// The directed progress at `t` and whether the animation is in its before phase (the before
  /// flag a `steps()` keyframe easing reads), or nil where it has no effect.
  func progress(at t: Double) -> (directed: Double, before: Bool)? {
    let active = duration == 0 || iterations == 0 ? 0 : duration * iterations
    let afterBoundary = max(delay + active, 0)
    let beforeBoundary = max(min(delay, afterBoundary), 0)
    enum Phase { case before, active, after }
    let phase: Phase = t < beforeBoundary ? .before : (t < afterBoundary ? .active : .after)
    let activeTime: Double
    switch phase {
    case .before:
      guard fill == .backwards || fill == .both else { return nil }
      activeTime = max(t - delay, 0)
    case .active:
      activeTime = t - delay
    case .after:
      guard fill == .forwards || fill == .both else { return nil }
      activeTime = max(min(t - delay, active), 0)
    }
    let overall: Double
    if duration == 0 {
      overall = phase == .before ? 0 : iterations
    } else {
      overall = activeTime / duration
    }
    var simple = overall.isInfinite ? 0 : overall.truncatingRemainder(dividingBy: 1)
    if simple == 0, phase != .before, activeTime == active, iterations != 0, overall != 0 { simple = 1 }
    var iteration: Double
    if phase == .after, iterations == .infinity {
      iteration = .infinity
    } else if simple == 1 {
      iteration = overall.rounded(.down) - 1
    } else {
      iteration = overall.rounded(.down)
    }
    // An infinite current iteration (after an infinite count) plays forwards, whatever the
    // alternation (Web Animations' "if d is infinity").
    let infinite = iteration.isInfinite
    if infinite { iteration = 0 }
    let even = iteration.truncatingRemainder(dividingBy: 2) == 0
    let before = phase == .before
    switch direction {
    case .normal: return (simple, before)
    case .reverse: return (1 - simple, before)
    case .alternate: return (even || infinite ? simple : 1 - simple, before)
    case .alternateReverse: return (even && !infinite ? 1 - simple : simple, before)
    }
  }

  /// The `animation` shorthand's timing part: `duration linear delay count direction fill`.
  var text: String {
    let count = iterations == .infinity ? "infinite" : ExportText.number(iterations, 6)
    let fillText: String
    switch fill {
    case .none: fillText = "none"
    case .forwards: fillText = "forwards"
    case .backwards: fillText = "backwards"
    case .both: fillText = "both"
    }
    return "\(ExportText.number(duration, 6))s linear \(ExportText.number(delay, 6))s \(count) \(direction.rawValue) \(fillText)"
  }
}
